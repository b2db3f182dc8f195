import { addDays, dec } from '@etf-replicator/core';
import type {
  HarvestResponse,
  RealizedGainsResponse,
  TaxLossHarvestingResponse,
} from '@etf-replicator/core/contracts/taxes';
import { toMoneyString } from '@etf-replicator/core/shared/money';
import { nyTradeDate } from '@etf-replicator/core/tax/trade-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

/** Trade dates are New York dates: today there, and the day `days` later. */
const nyDate = (days = 0) => addDays(nyTradeDate(new Date().toISOString()), days);

/**
 * Issue 26: harvest candidates and the harvest judge a lot by the investor's ledger (adjusted basis, tacked holding
 * period), not by its price paid. With p the stock's snapshot price and n = 10 shares:
 * - imported: n shares acquired 800 days ago for a basis of 1.5p each (15p);
 * - sold today at p: a loss of 0.5p × 10 = 5p, held 800 days;
 * - bought back today at 0.8p (8p): a replacement for all 10 sold shares, so the 5p is disallowed and carried into
 *   it: basis 8p + 5p = 13p (1.3p a share); its holding period starts 800 days before today — long term.
 * At p the replacement's price paid (0.8p) shows a gain, but its tax basis (1.3p) a loss of 13p − 10p = 3p, long
 * term: it is a candidate, and the harvest records that loss.
 */
describe.each(await testStores())('Harvesting by the ledger basis on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let trackingId: string;
  let symbol: string;
  let p: ReturnType<typeof dec>;
  const url = (path: string) => `/api/trackings/${trackingId}/${path}`;
  const order = (body: object) => ann.call('POST', url('applyAdjustmentOrders'), body);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    // The stock and its snapshot price, read from a tracking made for that and then deleted.
    const probe = ((await ann.create('QQQ', '20000')).body as { trackingId: string }).trackingId;
    const detail = await ann.detail(probe);
    symbol = detail.adjustmentOrders.find((o) => o.orderType === 'BUY')?.symbol as string;
    p = dec(detail.prices[symbol] as string);
    expect((await ann.call('DELETE', `/api/trackings/${probe}`)).status).toBeLessThan(300);
    const imported = await ann.call('POST', '/api/trackings/import', {
      symbol: 'QQQ',
      targetInvestmentAmount: '20000',
      rows: [{ symbol, shares: '10', costBasis: p.mul(15).toFixed(), acquired: nyDate(-800) }],
    });
    expect(imported.status).toBe(200);
    trackingId = (imported.body as { trackingId: string }).trackingId;
  }, 120_000);
  afterAll(() => app?.dispose());

  it('offers a replacement whose price paid shows a gain but whose adjusted basis a loss, and harvests that loss', async () => {
    expect(p.gt(0)).toBe(true);
    expect((await order({ symbol, orderType: 'SELL', shares: '10', price: p.toFixed() })).status).toBe(200);
    const bought = await order({ symbol, orderType: 'BUY', shares: '10', price: p.mul('0.8').toFixed() });
    expect(bought.status).toBe(200);

    const listed = (await ann.call('GET', url('tax-loss-harvesting'))).body as TaxLossHarvestingResponse;
    const candidate = listed.candidates.find((c) => c.symbol === symbol);
    if (!candidate) throw new Error(`${symbol} is a candidate by its adjusted basis`);
    const loss = p.mul(3);
    // Loss 13p − 10p = 3p, all long term; 3p ÷ 13p = 23.0769 %; the lot at its adjusted basis 1.3p a share.
    expect([
      dec(candidate.loss).eq(loss),
      dec(candidate.longTermLoss).eq(loss),
      candidate.shortTermLoss,
      candidate.lossPercent,
      candidate.shares,
    ]).toEqual([true, true, '0', '23.0769', '10']);
    expect(
      candidate.lots.map((lot) => [
        dec(lot.costBasis).eq(p.mul(13)),
        dec(lot.costPerShare).eq(p.mul('1.3')),
        lot.term,
      ]),
    ).toEqual([[true, true, 'LONG']]);
    // The preview agrees with the loss: nothing else bought in the 30 days before, so all of it stays deductible.
    expect([candidate.disallowedLoss, dec(candidate.deductibleLoss).eq(loss)]).toEqual(['0', true]);

    const replacement = candidate.replacements[0]?.symbol;
    const harvested = await ann.call('POST', url('harvest'), { symbol, replacement });
    expect(harvested.status).toBe(200);
    const answer = harvested.body as HarvestResponse;
    expect([answer.realisedLoss, answer.shortTermLoss, answer.longTermLoss]).toEqual([
      toMoneyString(loss),
      '0.00',
      toMoneyString(loss),
    ]);
    expect(answer.orders[0]?.lots?.map((close) => close.shares)).toEqual(['10']);

    // The tax report's row of that sale: basis 13p, proceeds 10p, (h) −3p, long term, from the tacked start.
    const gains = (await ann.call('GET', url('realized-gains'))).body as RealizedGainsResponse;
    const row = gains.lots.find((lot) => lot.harvestId === answer.harvestId);
    expect([
      dec(row?.costBasis ?? '0').eq(p.mul(13)),
      dec(row?.gain ?? '0').eq(loss.neg()),
      row?.code,
      row?.term,
      row?.acquiredOn,
    ]).toEqual([true, true, '', 'LONG', nyDate(-800)]);
  });
});
