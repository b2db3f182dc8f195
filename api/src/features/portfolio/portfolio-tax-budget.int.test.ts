import { randomUUID } from 'node:crypto';
import { trackingStreamId } from '@etf-replicator/core';
import type { ExclusionsPreview } from '@etf-replicator/core/contracts/exclusions';
import type { IndexPreview } from '@etf-replicator/core/contracts/indexes';
import type { PortfolioResponse } from '@etf-replicator/core/contracts/portfolio';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { getTrackingRecord } from '@etf-replicator/projections/trackings/queries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMail } from '../../mail/mail-outbox';
import { nyToday } from '../../tax/wash-windows';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { type MailedView, sendDriftAlertMail } from '../../trackings/drift-mail';
import {
  importTopTwoTracking,
  publishTaxBudgetEtf,
  TAX_BUDGET_ETF,
} from '../trackings/testing/tax-budget-etf';
import {
  registerAccount,
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../trackings/testing/tracking-test-client';

/**
 * Issue 31 beyond the detail: the portfolio's netted orders (GET and POST), the drift e-mail and the exclusions and
 * index previews use the orders of the tracking's gains budget, as the detail does (withTaxBudget). The tax-budget API test's TXB (AAA and BBB 45 %
 * each at $100 and $50, ZZZ 10 % at $100), followed by its top 2, so ZZZ is outside the index and each of AAA and
 * BBB targets half of A = $5,000: 25 AAA, 50 BBB. Imported WITHOUT a loss lot (cash $5,000 − $4,000 = $1,000):
 * AAA 25 at $20 (2019, +$80 a share), BBB 10 at $30 (2020, +$20 a share), ZZZ 10 at $40 (2018, +$60 a share).
 * - No budget (today's orders): SELL 10 ZZZ (+$600), BUY 40 BBB ($1,000 cash + $1,000 of proceeds): RR 100 %.
 * - $0: every sale realises a gain (no loss lot to offset one), so nothing is sold: the ZZZ gain SELL is left out;
 *   the $1,000 cash buys 20 BBB. Realised net gain $0; RR = ($2,500 + $1,500) / $5,000 = 80 %.
 * - After recording that ($0 cash, BBB 30), a $120 budget: ZZZ counts for nothing in the rate, so its sale costs no
 *   rate: 2 ZZZ realise 2 × $60 = $120 (a third would make $180 > $120); the $200 buys 4 BBB → 34.
 */
describe.each(await testStores())(
  'The portfolio and the drift e-mail under a gains budget on %s',
  (store) => {
    let app: TestApp;
    let ann: TrackingClient;
    let email: string;
    let trackingId: string;
    const year = Number(nyToday().slice(0, 4));
    const rows = [
      { symbol: 'AAA', shares: '25', costBasis: '500', acquired: '2019-03-04' },
      { symbol: 'BBB', shares: '10', costBasis: '300', acquired: '2020-06-01' },
      { symbol: 'ZZZ', shares: '10', costBasis: '400', acquired: '2018-01-02' },
    ];
    const lines = (orders: readonly { orderType: string; shares: string; symbol: string }[]) =>
      orders.map(({ orderType, shares, symbol }) => `${orderType} ${shares} ${symbol}`).sort();
    const portfolio = async () => {
      const answer = await ann.call('GET', '/api/portfolio');
      expect(answer.status).toBe(200);
      return answer.body as PortfolioResponse;
    };
    /** The tracking's parts of the netted orders, with their lots: what recording them records. */
    const partsOf = (netted: PortfolioResponse, id: string) =>
      netted.orders.flatMap((order) =>
        order.parts
          .filter((part) => part.trackingId === id)
          .map((part) => ({
            symbol: order.symbol,
            orderType: part.orderType,
            shares: part.shares,
            lots: part.lots,
          })),
      );
    const detailOrders = (detail: TrackingDetail) =>
      detail.adjustmentOrders.map(({ symbol, orderType, shares, lots }) => ({
        symbol,
        orderType,
        shares,
        lots,
      }));
    const setBudget = async (maxNetGain: string) => {
      const answer = await ann.call('POST', `/api/trackings/${trackingId}/tax-budget`, {
        year,
        maxNetGain,
        allowShortTermGains: false,
      });
      expect(answer.status).toBe(200);
    };
    /** The drift e-mail of an alert raised now, from the tracking's stored view (what the drift check passes). */
    const driftMail = async () => {
      const record = await getTrackingRecord(app.testDb.pool, trackingId);
      const alert = {
        alertId: randomUUID(),
        trackingId,
        userId: ann.userId,
        etfSymbol: TAX_BUDGET_ETF,
        referenceRate: '100',
        currentRate: record?.detail.replicationRate ?? '0',
      };
      expect(await sendDriftAlertMail(app, alert, record?.detail as MailedView)).toBe(true);
      return (await listOutboxMail(app.testDb.pool, email))[0]?.text ?? '';
    };
    /** The two previews that derive the orders with a proposed change: no exclusions, and AAA + BBB as a list. */
    const previewOrders = async () => {
      const exclusions = await ann.call(
        'GET',
        `/api/trackings/${trackingId}/exclusions/preview?symbols=&sectors=`,
      );
      const index = await ann.call('POST', '/api/indexes/preview', {
        index: {
          type: 'custom',
          holdings: [
            { symbol: 'AAA', weight: 50 },
            { symbol: 'BBB', weight: 50 },
          ],
        },
        trackingId,
      });
      expect([exclusions.status, index.status]).toEqual([200, 200]);
      return [
        lines((exclusions.body as ExclusionsPreview).adjustmentOrders),
        lines((index.body as IndexPreview).tracking?.adjustmentOrders ?? []),
      ];
    };
    const recordAll = async (netted: PortfolioResponse) =>
      ann.call(
        'POST',
        '/api/portfolio/orders',
        { orders: netted.orders.map(({ symbol, orderType, shares }) => ({ symbol, orderType, shares })) },
        { 'if-match': `"p${netted.revision}"`, 'idempotency-key': randomUUID() },
      );
    const executedSells = async (id: string) =>
      (await app.testEventStore.readStream(trackingStreamId(id)))
        .filter((event) => event.type === 'OrderExecuted')
        .map((event) => event.data as { symbol: string; orderType: string; shares: string; lots?: unknown })
        .filter((data) => data.orderType === 'SELL');

    beforeAll(async () => {
      app = await createTestApp({ store });
      await seedMarketForTrackings(app);
      await publishTaxBudgetEtf(app);
      ann = await trackingClient(app, { plan: 'PRO' });
      email = `budget-${store}-${ann.userId.slice(0, 8)}@example.com`;
      await registerAccount(app, ann.userId, email, ['Bea', 'Budget']);
      trackingId = await importTopTwoTracking(ann, rows);
      await app.projectionsCaughtUp();
    }, 180_000);
    afterAll(() => app?.dispose());

    it('without a budget, the portfolio and the e-mail list exactly the detail’s orders of today', async () => {
      const detail = await ann.detail(trackingId);
      expect(detail.taxBudget).toBeUndefined();
      expect(lines(detail.adjustmentOrders)).toEqual(['BUY 40 BBB', 'SELL 10 ZZZ']);
      const netted = await portfolio();
      expect(partsOf(netted, trackingId)).toEqual(detailOrders(detail));
      expect(netted.trackings[0]?.taxBudget).toBeUndefined();
      const mail = await driftMail();
      expect(mail).toContain('These orders would restore it: BUY 40 BBB; SELL 10 ZZZ.');
      expect(mail).not.toContain('gains budget');
      expect(await previewOrders()).toEqual([lines(detail.adjustmentOrders), lines(detail.adjustmentOrders)]);
    });

    it('with a $0 budget, the detail, the portfolio and the e-mail all leave the ZZZ gain SELL out', async () => {
      await setBudget('0');
      const detail = await ann.detail(trackingId);
      expect(detailOrders(detail)).toEqual([
        { symbol: 'BBB', orderType: 'BUY', shares: '20', lots: undefined },
      ]);
      expect(detail.taxBudget).toMatchObject({ applies: true, ordersRealisedNetGain: '0' });
      const netted = await portfolio();
      expect(partsOf(netted, trackingId)).toEqual(detailOrders(detail));
      expect(netted.trackings[0]?.taxBudget).toMatchObject({
        maxNetGain: '0.00',
        applies: true,
        ordersRealisedNetGain: '0',
      });
      const mail = await driftMail();
      expect(mail).toContain('These orders would restore it: BUY 20 BBB.');
      expect(mail).toContain(
        `The orders keep ${year}'s net realised gain within the gains budget ($0.00): they realise $0.00 of net gains.`,
      );
      expect(mail).not.toContain('ZZZ');
      expect(await previewOrders()).toEqual([['BUY 20 BBB'], ['BUY 20 BBB']]);
    });

    it('recording the $0 portfolio sells nothing: the gain lot stays open and the year realises $0', async () => {
      const answer = await recordAll(await portfolio());
      expect(answer.status).toBe(200);
      expect(await executedSells(trackingId)).toEqual([]);
      const detail = await ann.detail(trackingId);
      expect(
        detail.currentReplication.investments.find((line) => line.symbol === 'ZZZ')?.numberOfShares,
      ).toBe('10');
      expect(detail.taxBudget?.yearRealisedNetGain).toBe('0');
    });

    it('a netted SELL records the lots its budgeted order named, and the year stays within the budget', async () => {
      // A second tracking of all of TXB buys ZZZ: netting meets the budgeted SELL of ZZZ.
      const other = ((await ann.create(TAX_BUDGET_ETF, '1000')).body as { trackingId: string }).trackingId;
      await setBudget('120');
      const detail = await ann.detail(trackingId);
      expect(lines(detail.adjustmentOrders)).toEqual(['BUY 4 BBB', 'SELL 2 ZZZ']);
      const sell = detail.adjustmentOrders.find((order) => order.orderType === 'SELL');
      expect(sell?.lots?.map(({ shares, gain }) => ({ shares, gain }))).toEqual([
        { shares: '2', gain: '120' },
      ]);
      const netted = await portfolio();
      expect(partsOf(netted, trackingId)).toEqual(detailOrders(detail));
      const zzz = netted.orders.find((order) => order.symbol === 'ZZZ');
      expect(zzz?.parts.map((part) => part.trackingId).sort()).toEqual([trackingId, other].sort());

      expect((await recordAll(netted)).status).toBe(200);
      // The sale closed the budget's lot (the parts carry its id: netted-execution.test.ts) and realised its +$120.
      expect(await executedSells(trackingId)).toEqual([
        expect.objectContaining({
          symbol: 'ZZZ',
          shares: '2',
          lots: [expect.objectContaining({ lotId: sell?.lots?.[0]?.lotId, shares: '2' })],
        }),
      ]);
      expect((await ann.detail(trackingId)).taxBudget?.yearRealisedNetGain).toBe('120');
    });
  },
);
