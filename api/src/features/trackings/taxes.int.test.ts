import { dec } from '@etf-replicator/core';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import type { LotsResponse, RealizedGainsResponse } from '@etf-replicator/core/contracts/taxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

describe.each(await testStores())('Lots, gains and the lot method on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let trackingId: string;
  let symbol: string;
  let snapshotPrice: string;
  const order = (body: object) =>
    ann.call('POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, body);
  const lots = async (client = ann) => client.call('GET', `/api/trackings/${trackingId}/lots`);
  const gains = async (query = '', client = ann) =>
    client.call('GET', `/api/trackings/${trackingId}/realized-gains${query}`);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await ann.create('QQQ', '5000')).body as { trackingId: string }).trackingId;
    const detail = await ann.detail(trackingId);
    const first = detail.adjustmentOrders[0];
    if (!first) throw new Error('QQQ $5,000 suggests orders');
    symbol = first.symbol;
    snapshotPrice = detail.prices[symbol] as string;
  }, 120_000);
  afterAll(() => app?.dispose());

  it("opens a lot per BUY at its fill, closes by TAX_OPTIMAL (a new tracking's method), and reports unrealised and realised gains", async () => {
    const now = new Date().toISOString();
    expect(
      (await order({ symbol, orderType: 'BUY', shares: '10', price: '100', executedAt: now })).status,
    ).toBe(200);
    expect((await order([{ symbol, orderType: 'BUY', shares: '5', price: '120.5' }])).status).toBe(200);
    const sale = await order({ symbol, orderType: 'SELL', shares: '8', price: '110' });
    expect(sale.status).toBe(200);

    const open = (await lots()).body as LotsResponse;
    expect(open.lotMethod).toBe('TAX_OPTIMAL');
    const holding = open.holdings.find((line) => line.symbol === symbol);
    // TAX_OPTIMAL at 110: the 5 shares at 120.5 (a loss) went first, then 3 of the 100 lot (a short-term gain).
    expect(holding?.lots.map((lot) => [lot.shares, lot.costPerShare, lot.acquiredAt])).toEqual([
      ['7', '100', now],
    ]);
    expect(holding?.costBasis).toBe('700');
    expect(holding?.price).toBe(dec(snapshotPrice).toFixed());
    expect(holding?.gain).toBe(dec(snapshotPrice).mul(7).sub(700).toFixed());

    const year = new Date().getUTCFullYear();
    const realised = (await gains(`?year=${year}`)).body as RealizedGainsResponse;
    expect(realised.lots.map((lot) => [lot.shares, lot.proceeds, lot.costBasis, lot.gain, lot.term])).toEqual(
      [
        ['5', '550', '602.5', '-52.5', 'SHORT'],
        ['3', '330', '300', '30', 'SHORT'],
      ],
    );
    expect(realised.years).toEqual([
      {
        year,
        proceeds: '880',
        costBasis: '902.5',
        shortTerm: '-22.5',
        longTerm: '0',
        total: '-22.5',
        harvestedLoss: '0',
      },
    ]);
    expect(((await gains(`?year=${year - 1}`)).body as RealizedGainsResponse).lots).toEqual([]);

    // Reverting the sale opens exactly the lots it closed again, and the gain goes.
    const history = (await ann.history(trackingId)).body as { content: HistoryEntry[] };
    const saleEntry = history.content.find((entry) => entry.details.orderType === 'SELL');
    expect((await ann.revert(trackingId, saleEntry?.id as string)).status).toBe(200);
    const restored = ((await lots()).body as LotsResponse).holdings.find((line) => line.symbol === symbol);
    expect(restored?.lots.map((lot) => [lot.shares, lot.costPerShare])).toEqual([
      ['10', '100'],
      ['5', '120.5'],
    ]);
    expect(((await gains()).body as RealizedGainsResponse).lots).toEqual([]);
  });

  it('changes the lot method with a command in the history; later sales close the oldest lot first', async () => {
    const changed = await ann.call('POST', `/api/trackings/${trackingId}/lotMethod`, { method: 'FIFO' });
    expect(changed.status).toBe(200);
    expect(((await lots()).body as LotsResponse).lotMethod).toBe('FIFO');
    const history = (await ann.history(trackingId)).body as { content: HistoryEntry[] };
    expect(history.content.find((entry) => entry.actionType === 'CHANGE_LOT_METHOD')?.details).toEqual({
      setting: 'lotMethod',
      from: 'TAX_OPTIMAL',
      to: 'FIFO',
    });
    expect((await order({ symbol, orderType: 'SELL', shares: '1', price: '130' })).status).toBe(200);
    const realised = (await gains()).body as RealizedGainsResponse;
    expect(realised.lots.map((lot) => [lot.costBasis, lot.gain])).toEqual([['100', '30']]);
  });

  it("keeps another investor's lots, gains and method out of reach (404)", async () => {
    const stranger = await trackingClient(app, { plan: 'PRO' });
    expect((await lots(stranger)).status).toBe(404);
    expect((await gains('', stranger)).status).toBe(404);
    const change = await stranger.call('POST', `/api/trackings/${trackingId}/lotMethod`, { method: 'HIFO' });
    expect(change.status).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const lotMethod = (body: object) => ann.call('POST', `/api/trackings/${trackingId}/lotMethod`, body);
    expect((await lotMethod({ method: 'LIFO' })).status).toBe(400);
    expect((await lotMethod({ method: 'HIFO', extra: true })).status).toBe(400);
    expect((await gains('?year=last')).status).toBe(400);
    const future = new Date(Date.now() + 86_400_000 * 2).toISOString();
    for (const body of [
      { symbol, orderType: 'BUY', shares: '1', price: '0' },
      { symbol, orderType: 'BUY', shares: '1', price: '-5' },
      { symbol, orderType: 'BUY', shares: '1', executedAt: future },
      { symbol, orderType: 'BUY', shares: '1', executedAt: '2000-01-01' },
      { symbol, orderType: 'BUY', shares: '1', executedAt: 'soon' },
      { symbol, orderType: 'SELL', shares: '1', lots: [{ lotId: 'no-such-lot', shares: '1' }] },
      [{ symbol, orderType: 'BUY', shares: '1', price: '10', fee: '1' }],
    ]) {
      const response = await order(body);
      expect([body, response.status]).toEqual([body, 400]);
    }
  });
});
