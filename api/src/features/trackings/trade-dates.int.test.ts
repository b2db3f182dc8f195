import { randomUUID } from 'node:crypto';
import { addDays, nyTradeDate } from '@etf-replicator/core';
import type { LotsResponse } from '@etf-replicator/core/contracts/taxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

/** Issue 26 items 3 and 5: a SELL closes only lots held on its trade date; new trackings sell TAX_OPTIMAL. */
describe.each(await testStores())('Trade dates and the lot method on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let trackingId: string;
  let symbol: string;
  /** A tracking recorded ten days ago, before the lot method option existed. */
  const oldId = randomUUID();
  const order = (body: object) => ann.call('POST', `/api/trackings/${oldId}/applyAdjustmentOrders`, body);
  const lots = async (id = trackingId) =>
    (await ann.call('GET', `/api/trackings/${id}/lots`)).body as LotsResponse;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await ann.create('QQQ', '5000')).body as { trackingId: string }).trackingId;
    const first = (await ann.detail(trackingId)).adjustmentOrders[0];
    if (!first) throw new Error('QQQ $5,000 suggests orders');
    symbol = first.symbol;
  }, 120_000);
  afterAll(() => app?.dispose());

  it('starts a new tracking with TAX_OPTIMAL, while a tracking created before it stays HIFO', async () => {
    expect((await lots()).lotMethod).toBe('TAX_OPTIMAL');
    // A tracking as recorded before the option existed: its TrackingCreated names no lot method.
    await app.testEventStore.appendToStream(
      `tracking-${oldId}`,
      [
        {
          type: 'TrackingCreated',
          data: {
            trackingId: oldId,
            userId: ann.userId,
            symbol: 'QQQ',
            targetAmount: '5000',
            fractionalShares: false,
            autoTracking: false,
            numberOfWeightings: 10,
            occurredAt: new Date(Date.now() - 10 * 86_400_000).toISOString(),
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    expect((await lots(oldId)).lotMethod).toBe('HIFO');
  });

  it('refuses a backdated SELL of a lot bought after its trade date (400 naming the lot and both dates)', async () => {
    const today = nyTradeDate(new Date().toISOString());
    const earlier = addDays(today, -3);
    expect(
      (await order({ symbol, orderType: 'BUY', shares: '2', price: '100', executedAt: today })).status,
    ).toBe(200);
    const [lot] = (await lots(oldId)).holdings.find((holding) => holding.symbol === symbol)?.lots ?? [];
    if (!lot) throw new Error('the BUY opened no lot');
    const named = await order({
      symbol,
      orderType: 'SELL',
      shares: '1',
      executedAt: earlier,
      lots: [{ lotId: lot.lotId, shares: '1' }],
    });
    expect(named.status).toBe(400);
    expect((named.body as { message: string }).message).toBe(
      `Lot ${lot.lotId} of ${symbol} was acquired on ${today}, after this sale's trade date ${earlier}.`,
    );
    const picked = await order({ symbol, orderType: 'SELL', shares: '1', executedAt: earlier });
    expect(picked.status).toBe(400);
    expect((picked.body as { message: string }).message).toBe(
      `Only 0 ${symbol} shares were held on ${earlier}.`,
    );
    // Sold on its own trade date, the lot closes.
    expect((await order({ symbol, orderType: 'SELL', shares: '1', executedAt: today })).status).toBe(200);
  });
});
