import type { ImportPreview } from '@etf-replicator/core/contracts/broker-import';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import type { TaxTradeoffResponse } from '@etf-replicator/core/contracts/tax-budget';
import type { LotsResponse } from '@etf-replicator/core/contracts/taxes';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nyToday } from '../../tax/wash-windows';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { importTopTwoTracking, publishTaxBudgetEtf, TAX_BUDGET_ETF } from './testing/tax-budget-etf';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

/**
 * The worked example of issue 31 through the API. TXB holds AAA and BBB (45 % each, $100 and $50) and ZZZ (10 %,
 * $100); the tracking follows the top 2, so ZZZ is outside its index and each of AAA and BBB targets half of
 * A = $5,000: 25 AAA, 50 BBB. Imported (cash $5,000 − $4,500 = $500):
 * - AAA 25 shares at $20, bought 2019 (long term, +$80 a share) and 5 at $130, bought 60 days ago (short term,
 *   −$30 a share);
 * - BBB 10 at $30, bought 2020 (+$20 a share); ZZZ 10 at $40, bought 2018 (+$60 a share).
 * The lot method is TAX_OPTIMAL (a new tracking's): a sale closes loss lots first.
 * - No budget: SELL 5 AAA (the $130 lot: −$150), SELL 10 ZZZ (+$600), BUY 40 BBB ($500 cash + $500 + $1,000):
 *   RR 100 %, net +$450.
 * - $0: the AAA loss (−$150) pays for 2 ZZZ shares (+$120; a third would make +$30 > $0). Cash $500 + $500 + $200
 *   buys 24 BBB → 34. Any other sale realises a gain ($80 a share of AAA's old lot, $20 of BBB's). RR = ($2,500
 *   AAA + $1,700 BBB) / $5,000 = 84 %.
 */
describe.each(await testStores())('The gains budget (issue 31) on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let trackingId: string;
  const year = Number(nyToday().slice(0, 4));
  const recent = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const rows = [
    { symbol: 'AAA', shares: '25', costBasis: '500', acquired: '2019-03-04' },
    { symbol: 'AAA', shares: '5', costBasis: '650', acquired: recent },
    { symbol: 'BBB', shares: '10', costBasis: '300', acquired: '2020-06-01' },
    { symbol: 'ZZZ', shares: '10', costBasis: '400', acquired: '2018-01-02' },
  ];
  const setBudget = (body: object, client = ann, headers: Record<string, string> = {}) =>
    client.call('POST', `/api/trackings/${trackingId}/tax-budget`, body, headers);
  const orders = (detail: TrackingDetail) =>
    detail.adjustmentOrders.map(({ symbol, orderType, shares, lots }) =>
      lots ? [orderType, shares, symbol, lots] : [orderType, shares, symbol],
    );
  const streamLength = async () => (await app.testEventStore.readStream(`tracking-${trackingId}`)).length;
  const lotIdOf = async (symbol: string, costPerShare: string) => {
    const lots = (await ann.call('GET', `/api/trackings/${trackingId}/lots`)).body as LotsResponse;
    const lot = lots.holdings
      .find((line) => line.symbol === symbol)
      ?.lots.find((candidate) => candidate.costPerShare === costPerShare);
    if (!lot) throw new Error(`no ${symbol} lot at ${costPerShare}`);
    return lot.lotId;
  };

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    await publishTaxBudgetEtf(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    trackingId = await importTopTwoTracking(ann, rows);
  }, 180_000);
  afterAll(() => app?.dispose());

  it('the import preview says what the orders realise and offers $0, $5,000 and no limit with their rates', async () => {
    const preview = await ann.call('POST', '/api/trackings/import/preview', {
      symbol: TAX_BUDGET_ETF,
      targetInvestmentAmount: '5000',
      rows: rows.filter((row) => row.symbol !== 'BBB'),
    });
    expect(preview.status).toBe(200);
    const body = preview.body as ImportPreview;
    const options = body.taxBudgetOptions ?? [];
    expect(options.map((option) => option.maxNetGain)).toEqual(['0', '5000', null]);
    // The preview follows all three holdings; whatever it sells, $0 realises no net gain and no limit is today's.
    expect(Number(options[0]?.realisedNetGain)).toBeLessThanOrEqual(0);
    expect(options[2]?.realisedNetGain).toBe(body.unconstrainedRealisedNetGain);
    expect(Number(body.unconstrainedRealisedNetGain)).toBeGreaterThan(0);
    const rates = options.map((option) => Number(option.replicationRate));
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    expect(rates[0]).toBeLessThan(rates[2] as number);
  });

  it('without a budget serves today’s orders, with no lots and no taxBudget', async () => {
    const detail = await ann.detail(trackingId);
    expect(detail.taxBudget).toBeUndefined();
    expect(orders(detail)).toEqual([
      ['SELL', '5', 'AAA'],
      ['BUY', '40', 'BBB'],
      ['SELL', '10', 'ZZZ'],
    ]);
  });

  it('with a $0 budget sells the loss lot and 2 ZZZ, naming the lots, and shows the year against the budget', async () => {
    const answer = await setBudget({ year, maxNetGain: '0', allowShortTermGains: false });
    expect(answer.status).toBe(200);
    const detail = answer.body as TrackingDetail;
    const [lossLot, zzzLot] = [await lotIdOf('AAA', '130'), await lotIdOf('ZZZ', '40')];
    expect(orders(detail)).toEqual([
      [
        'SELL',
        '5',
        'AAA',
        [
          {
            lotId: lossLot,
            shares: '5',
            acquiredAt: recent,
            costPerShare: '130',
            gain: '-150',
            term: 'SHORT',
          },
        ],
      ],
      ['BUY', '24', 'BBB'],
      [
        'SELL',
        '2',
        'ZZZ',
        [
          {
            lotId: zzzLot,
            shares: '2',
            acquiredAt: '2018-01-02',
            costPerShare: '40',
            gain: '120',
            term: 'LONG',
          },
        ],
      ],
    ]);
    expect(detail.targetReplicationRate).toBe('84');
    expect(detail.taxBudget).toEqual({
      year,
      maxNetGain: '0.00',
      allowShortTermGains: false,
      yearRealisedNetGain: '0',
      ordersRealisedNetGain: '-30',
      unconstrainedRealisedNetGain: '450',
      applies: true,
    });
    expect(await ann.detail(trackingId)).toMatchObject({ adjustmentOrders: detail.adjustmentOrders });
  });

  it('draws the trade-off curve from $0 to $450 and no limit, and estimates the years to 95 %', async () => {
    const response = await ann.call('GET', `/api/trackings/${trackingId}/tax-tradeoff`);
    expect(response.status).toBe(200);
    const curve = response.body as TaxTradeoffResponse;
    expect([curve.year, curve.currentMaxNetGain, curve.unconstrainedRealisedNetGain]).toEqual([
      year,
      '0.00',
      '450',
    ]);
    // Eleven budgets $0, $45 … $450, then no limit.
    expect(curve.points.map((point) => point.maxNetGain)).toEqual([
      ...Array.from({ length: 11 }, (_, i) => `${45 * i}.00`),
      null,
    ]);
    expect(curve.points[0]?.replicationRate).toBe('84');
    expect(curve.points.at(-2)?.replicationRate).toBe('100');
    expect(curve.points.at(-1)).toMatchObject({ replicationRate: '100', realisedNetGain: '450' });
    const rates = curve.points.map((point) => Number(point.replicationRate));
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    // $0 every year: after year one no loss lot is left and every sale realises a gain, so 84 % stays.
    expect(curve.plan).toMatchObject({ maxNetGain: '0.00', years: null, horizonYears: 10 });
    expect(curve.plan.rates).toEqual(Array.from({ length: 10 }, () => '84'));
    expect(curve.plan.assumptions.length).toBeGreaterThan(0);
  });

  it('executing a budgeted SELL with its lots closes exactly those lots', async () => {
    const detail = await ann.detail(trackingId);
    const sell = detail.adjustmentOrders.find((order) => order.symbol === 'ZZZ');
    const lots = sell?.lots?.map(({ lotId, shares }) => ({ lotId: lotId as string, shares }));
    const executed = await ann.call('POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, {
      symbol: 'ZZZ',
      orderType: 'SELL',
      shares: sell?.shares,
      lots,
    });
    expect(executed.status).toBe(200);
    const after = (await ann.call('GET', `/api/trackings/${trackingId}/lots`)).body as LotsResponse;
    expect(after.holdings.find((line) => line.symbol === 'ZZZ')?.lots.map((lot) => lot.shares)).toEqual([
      '8',
    ]);
    // The year has realised +$120, over the $0 budget: new sales may still realise no net gain, so the loss lot
    // (−$150) pays for 2 more ZZZ (+$120); cash $700 + $500 + $200 buys 28 BBB.
    const budgeted = await ann.detail(trackingId);
    expect(budgeted.taxBudget?.yearRealisedNetGain).toBe('120');
    expect(orders(budgeted).map((order) => order.slice(0, 3))).toEqual([
      ['SELL', '5', 'AAA'],
      ['BUY', '28', 'BBB'],
      ['SELL', '2', 'ZZZ'],
    ]);
    const history = (await ann.history(trackingId)).body as { content: HistoryEntry[] };
    const sale = history.content.find((entry) => entry.details.symbol === 'ZZZ');
    expect((await ann.revert(trackingId, sale?.id as string)).status).toBe(200);
  });

  it('a revert restores the previous budget and exactly its orders; both are in the history', async () => {
    const atZero = await ann.detail(trackingId);
    const raised = await setBudget({ year, maxNetGain: 5000, allowShortTermGains: true });
    expect(raised.status).toBe(200);
    const detail = raised.body as TrackingDetail;
    // $450 fits in $5,000: today's orders, each SELL naming its lots.
    expect(orders(detail).map((order) => order.slice(0, 3))).toEqual([
      ['SELL', '5', 'AAA'],
      ['BUY', '40', 'BBB'],
      ['SELL', '10', 'ZZZ'],
    ]);
    expect(detail.taxBudget).toMatchObject({ maxNetGain: '5000.00', ordersRealisedNetGain: '450' });
    const history = (await ann.history(trackingId)).body as { content: HistoryEntry[] };
    const entries = history.content.filter((entry) => entry.actionType === 'SET_TAX_BUDGET');
    expect(entries.map((entry) => entry.details.taxBudget?.maxNetGain)).toEqual(
      expect.arrayContaining(['0.00', '5000.00']),
    );
    const last = entries.find((entry) => entry.details.taxBudget?.maxNetGain === '5000.00');
    expect(last?.details.previousTaxBudget).toEqual({ year, maxNetGain: '0.00', allowShortTermGains: false });
    expect((await ann.revert(trackingId, last?.id as string)).status).toBe(200);
    const restored = await ann.detail(trackingId);
    expect(restored.taxBudget).toEqual(atZero.taxBudget);
    expect(restored.adjustmentOrders).toEqual(atZero.adjustmentOrders);
  });

  it('refuses a malformed budget with 400 naming the field and appends nothing', async () => {
    const before = await streamLength();
    for (const [body, field] of [
      [{ year, maxNetGain: '-5', allowShortTermGains: false }, 'maxNetGain'],
      [{ year, maxNetGain: '1.234', allowShortTermGains: false }, 'maxNetGain'],
      [{ year, maxNetGain: 'lots', allowShortTermGains: false }, 'maxNetGain'],
      [{ year: year - 1, maxNetGain: '10', allowShortTermGains: false }, 'year'],
      [{ year, maxNetGain: '10' }, 'allowShortTermGains'],
      [{ year, maxNetGain: '10', allowShortTermGains: true, extra: 1 }, 'extra'],
    ] as const) {
      const response = await setBudget(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.body)).toContain(field);
    }
    const stale = await setBudget({ year, maxNetGain: '7', allowShortTermGains: true }, ann, {
      'if-match': '"r1"',
    });
    expect(stale.status).toBe(409);
    expect(await streamLength()).toBe(before);
  });

  it("keeps another investor's tracking out of reach (404) and appends nothing", async () => {
    const before = await streamLength();
    const stranger = await trackingClient(app, { plan: 'PRO' });
    expect((await setBudget({ year, maxNetGain: '1', allowShortTermGains: true }, stranger)).status).toBe(
      404,
    );
    expect((await stranger.call('GET', `/api/trackings/${trackingId}/tax-tradeoff`)).status).toBe(404);
    expect(await streamLength()).toBe(before);
  });
});
