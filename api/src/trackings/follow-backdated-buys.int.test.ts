import { historyPageSchema } from '@etf-replicator/core/contracts/history';
import { type LotsResponse, realizedGainsResponseSchema } from '@etf-replicator/core/contracts/taxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingCreatedOct29 } from '../features/trackings/testing/backdated-tracking';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../features/trackings/testing/tracking-test-client';
import { createTestApp, type TestApp, testStores } from '../testing/test-app';

/**
 * Issue 32: a BUY recorded after the bundled NFLX 10-for-1 (effective 2025-11-17, recorded when the market data is
 * seeded) with a trade date before it follows the split in the same request; a BUY dated after it and a broker
 * import (adjusted shares) do not; reverting the automatic application restores the lot exactly.
 */
describe.each(await testStores())('A backdated BUY after a recorded split on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  /** A tracking created on Oct 29, 2025 (appended as recorded then), so fills may be dated Oct 30. */
  let trackingId: string;

  const lots = async (id: string, symbol = 'NFLX') =>
    ((await ann.call('GET', `/api/trackings/${id}/lots`)).body as LotsResponse).holdings.find(
      (holding) => holding.symbol === symbol,
    );
  const lotLines = async (id: string) =>
    (await lots(id))?.lots.map((lot) => [lot.shares, lot.costPerShare, lot.acquiredAt.slice(0, 10)]);
  const order = (body: object) =>
    ann.call('POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, body);
  const splitEntries = async () =>
    historyPageSchema
      .parse((await ann.history(trackingId)).body)
      .content.filter((line) => line.actionType === 'CORPORATE_ACTION' && !line.reverted);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    trackingId = await trackingCreatedOct29(app, ann.userId, { symbol: 'IVV' });
  }, 180_000);
  afterAll(() => app?.dispose());

  it('splits a BUY dated Oct 30: 1 @ $1,089.00 becomes 10 @ $108.90, basis $1,089.00, in the same answer', async () => {
    // 1 × 10 = 10 shares; 1,089.00 ÷ 10 = 108.90 per share; basis 10 × 108.90 = 1,089.00, dated Oct 30 still.
    const answer = await order([
      { symbol: 'NFLX', orderType: 'BUY', shares: '1', price: '1089', executedAt: '2025-10-30' },
    ]);
    expect(answer.status).toBe(200);
    const held = (
      answer.body as { currentReplication: { investments: { symbol: string; numberOfShares: string }[] } }
    ).currentReplication.investments.find((line) => line.symbol === 'NFLX');
    expect(held?.numberOfShares).toBe('10');
    expect(await lotLines(trackingId)).toEqual([['10', '108.9', '2025-10-30']]);
    expect((await lots(trackingId))?.costBasis).toBe('1089');
    const [entry] = await splitEntries();
    expect(entry?.details.corporateAction).toMatchObject({
      type: 'SPLIT',
      sharesBefore: '1',
      sharesAfter: '10',
    });
    expect(entry?.revertible).toBe(true);
  });

  it('reverting the automatic application restores the lot exactly; it is not applied again', async () => {
    const [entry] = await splitEntries();
    expect((await ann.revert(trackingId, entry?.id ?? '')).status).toBe(200);
    expect(await lotLines(trackingId)).toEqual([['1', '1089', '2025-10-30']]);
    expect((await lots(trackingId))?.costBasis).toBe('1089');
    expect(await splitEntries()).toHaveLength(0);
  });

  it('leaves a BUY dated after the effective date alone (2 @ $114.09 on Nov 18)', async () => {
    const answer = await order({
      symbol: 'NFLX',
      orderType: 'BUY',
      shares: '2',
      price: '114.09',
      executedAt: '2025-11-18',
    });
    expect(answer.status).toBe(200);
    // The reverted lot stays as restored; basis 1,089.00 + 2 × 114.09 = 1,317.18.
    expect(await lotLines(trackingId)).toEqual([
      ['1', '1089', '2025-10-30'],
      ['2', '114.09', '2025-11-18'],
    ]);
    expect((await lots(trackingId))?.costBasis).toBe('1317.18');
    expect(await splitEntries()).toHaveLength(0);
  });

  it('a batch of backdated BUYs: each BUY split right after it (its own entry), the reverted lot stays restored', async () => {
    // 1 @ $1,090.00 (Oct 31) → 10 @ $109.00 and 3 @ $1,080.00 (Nov 3) → 30 @ $108.00; bases 1,090 and 3,240.
    const answer = await order([
      { symbol: 'NFLX', orderType: 'BUY', shares: '1', price: '1090', executedAt: '2025-10-31' },
      { symbol: 'NFLX', orderType: 'BUY', shares: '3', price: '1080', executedAt: '2025-11-03' },
    ]);
    expect(answer.status).toBe(200);
    expect(await lotLines(trackingId)).toEqual([
      ['1', '1089', '2025-10-30'],
      ['10', '109', '2025-10-31'],
      ['30', '108', '2025-11-03'],
      ['2', '114.09', '2025-11-18'],
    ]);
    // 1,317.18 + 1,090.00 + 3,240.00 = 5,647.18.
    expect((await lots(trackingId))?.costBasis).toBe('5647.18');
    const entries = await splitEntries();
    expect(entries.map((line) => line.details.corporateAction)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'SPLIT', sharesBefore: '1', sharesAfter: '10' }),
        expect.objectContaining({ type: 'SPLIT', sharesBefore: '3', sharesAfter: '30' }),
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it('a batch BUY 1 @ $1,089.00 Oct 30 + SELL 5 @ $114.09 Nov 20: the SELL closes 5 of the 10 split shares', async () => {
    // The BUY's lot: 1 × 10 = 10 @ 1,089.00 ÷ 10 = $108.90, split before the SELL is decided. The SELL closes 5:
    // proceeds 5 × 114.09 = 570.45, basis 5 × 108.90 = 544.50, gain 5 × (114.09 − 108.90) = $25.95.
    // Left: 5 @ $108.90, basis $544.50.
    const batchId = await trackingCreatedOct29(app, ann.userId, { symbol: 'IVV' });
    const answer = await ann.call('POST', `/api/trackings/${batchId}/applyAdjustmentOrders`, [
      { symbol: 'NFLX', orderType: 'BUY', shares: '1', price: '1089.00', executedAt: '2025-10-30' },
      { symbol: 'NFLX', orderType: 'SELL', shares: '5', price: '114.09', executedAt: '2025-11-20' },
    ]);
    expect(answer.status).toBe(200);
    expect(await lotLines(batchId)).toEqual([['5', '108.9', '2025-10-30']]);
    expect((await lots(batchId))?.costBasis).toBe('544.5');
    const gains = realizedGainsResponseSchema.parse(
      (await ann.call('GET', `/api/trackings/${batchId}/realized-gains?year=2025`)).body,
    );
    expect(gains.lots.map((row) => [row.shares, row.proceeds, row.costBasis, row.gain])).toEqual([
      ['5', '570.45', '544.5', '25.95'],
    ]);
  });

  it('never splits a broker import: a file dated Oct 30 already lists post-split shares', async () => {
    const created = await ann.call('POST', '/api/trackings/import', {
      symbol: 'IVV',
      targetInvestmentAmount: '20000',
      rows: [{ symbol: 'NFLX', shares: '10', costBasis: '1089', acquired: '2025-10-30' }],
    });
    expect(created.status).toBe(200);
    const { trackingId: imported } = created.body as { trackingId: string };
    expect(await lotLines(imported)).toEqual([['10', '108.9', '2025-10-30']]);
    const history = historyPageSchema.parse((await ann.history(imported)).body);
    expect(history.content.some((line) => line.actionType === 'CORPORATE_ACTION')).toBe(false);
  });
});
