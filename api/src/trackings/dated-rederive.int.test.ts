import { dec } from '@etf-replicator/core';
import { rebuildProjection } from '@etf-replicator/projections';
import { trackingsProjector } from '@etf-replicator/projections/trackings/projector';
import { rederiveDatedTrackings } from '@etf-replicator/projections/trackings/rederive-dated';
import { sql } from 'slonik';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readCommittedTail } from '../event-store/postgres/committed-tail';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../features/trackings/testing/tracking-test-client';
import { createTestApp, type TestApp, testStores } from '../testing/test-app';

const DAY_MS = 86_400_000;

describe.each(await testStores())('Views of harvesting owners as the days pass, on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let trackingId: string;
  let sold: string;
  let replacement: string;
  const url = (path: string) => `/api/trackings/${trackingId}/${path}`;
  const rederiveAt = async (at: Date) => {
    // Only Date is faked: the database and the app's timers keep running on real time.
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    try {
      return await rederiveDatedTrackings((work) => app.testDb.pool.transaction(work));
    } finally {
      vi.useRealTimers();
    }
  };
  const orders = async () =>
    (await ann.detail(trackingId)).adjustmentOrders.map((o) => `${o.orderType} ${o.symbol}`);
  /** The orders as served on day `at`: the wash-sale windows are judged at read time, on the day read. */
  const ordersAt = async (at: Date) => {
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    try {
      const reader = await trackingClient(app, { userId: ann.userId }); // a token signed that day
      return (await reader.detail(trackingId)).adjustmentOrders.map((o) => `${o.orderType} ${o.symbol}`);
    } finally {
      vi.useRealTimers();
    }
  };

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await ann.create('QQQ', '20000')).body as { trackingId: string }).trackingId;
    const detail = await ann.detail(trackingId);
    const first = detail.adjustmentOrders.find((order) => order.orderType === 'BUY');
    if (!first) throw new Error('QQQ $20,000 suggests orders');
    sold = first.symbol;
    // Filled at twice today's price, so every share is at a loss and can be harvested.
    const fill = dec(detail.prices[sold] as string)
      .mul(2)
      .toFixed();
    const buy = { symbol: sold, orderType: 'BUY', shares: first.shares, price: fill };
    expect((await ann.call('POST', url('applyAdjustmentOrders'), buy)).status).toBe(200);
    const listed = (await ann.call('GET', url('tax-loss-harvesting'))).body as {
      candidates: { symbol: string; replacements: { symbol: string }[] }[];
    };
    replacement = listed.candidates.find((c) => c.symbol === sold)?.replacements[0]?.symbol as string;
    const harvested = await ann.call('POST', url('harvest'), { symbol: sold, replacement });
    expect(harvested.status, JSON.stringify(harvested.body)).toBe(200);
  }, 120_000);
  afterEach(() => vi.useRealTimers());
  afterAll(() => app?.dispose());

  it('suggests switching back once the window is over, without any new event', async () => {
    expect(await orders()).not.toContain(`BUY ${sold}`);

    // Day 10: still inside the window, the replacement keeps standing in.
    const day10 = new Date(Date.now() + 10 * DAY_MS);
    expect(await rederiveAt(day10)).toBe(1);
    expect(await ordersAt(day10)).not.toContain(`BUY ${sold}`);

    // Day 31: the orders switch back to the sold stock.
    const day31 = new Date(Date.now() + 31 * DAY_MS);
    expect(await rederiveAt(day31)).toBe(1);
    expect(await ordersAt(day31)).toContain(`BUY ${sold}`);
  });

  it('gives the same tables on a rebuild as the live re-derive left, on the day both run (issue 27 item 5)', async () => {
    const day31 = new Date(Date.now() + 31 * DAY_MS);
    const details = async () =>
      JSON.stringify(
        await app.testDb.pool.any(sql.type(z.object({ row: z.unknown() }))`
          select to_jsonb(t) - 'updated_at' as row from tracking_detail t order by tracking_id`),
      );
    await rederiveAt(day31);
    const live = await details();
    vi.useFakeTimers({ toFake: ['Date'], now: day31 });
    try {
      await rebuildProjection({
        db: app.testDb,
        eventStore: app.testEventStore,
        projector: trackingsProjector,
        readCommittedTail,
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await details()).toEqual(live);
  });

  it('leaves owners who harvested long ago alone', async () => {
    expect(await rederiveAt(new Date(Date.now() + 60 * DAY_MS))).toBe(0);
  });
});
