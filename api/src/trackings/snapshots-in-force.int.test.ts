import { dec } from '@etf-replicator/core';
import { etfStreamId } from '@etf-replicator/core/market-data/snapshot-event';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMarketForTrackings } from '../features/trackings/testing/tracking-test-client';
import { createBundledProvider } from '../market-data/bundled/bundled-provider';
import { publishSnapshot } from '../market-data/publish-snapshot';
import { createTestApp, type TestApp, testStores } from '../testing/test-app';
import { snapshotsInForce } from './snapshots-in-force';

/**
 * Issue 27 item 6: the drift check used to read the ETF's whole snapshot stream (hundreds of MB after a year of
 * refreshes); it now reads the one snapshot in force at a moment, found through the etf_snapshots index.
 */
describe.each(await testStores())('The snapshot in force at a position (issue 27) on %s', (store) => {
  let app: TestApp;
  const published: { id: string; position: string }[] = [];

  const publishMoved = async (factor: string) => {
    const content = await createBundledProvider().fetchSnapshot('QQQ');
    const moved = {
      ...content,
      holdings: content.holdings.map((h) =>
        h.price ? { ...h, price: dec(h.price).mul(factor).toFixed(2) } : h,
      ),
    };
    const result = await publishSnapshot(app.testEventStore, moved, { replaceOtherSources: true });
    await app.projections.waitForPosition(result.position as never, { timeoutMs: 30_000 });
    const stream = await app.testEventStore.readStream(etfStreamId('QQQ'));
    const last = stream.at(-1);
    if (!last) throw new Error('no snapshot');
    published.push({ id: last.id, position: last.globalPosition });
  };

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    await publishMoved('0.9');
    await publishMoved('0.8');
    await publishMoved('0.7');
  }, 180_000);
  afterAll(() => app.dispose());

  const counting = () => {
    const calls: { streamId: string; events: number }[] = [];
    const eventStore = Object.create(app.testEventStore) as typeof app.testEventStore;
    eventStore.readStream = async (streamId, options) => {
      const events = await app.testEventStore.readStream(streamId, options);
      calls.push({ streamId, events: events.length });
      return events;
    };
    return { eventStore, calls };
  };

  it('reads only the snapshot in force, once per snapshot', async () => {
    const { eventStore, calls } = counting();
    const snapshots = await snapshotsInForce({ pool: app.testDb.pool, eventStore }, 'QQQ');
    const [, second, third] = published;
    if (!second || !third) throw new Error('three snapshots expected');
    // Just after the second snapshot (at the third's position, exclusive): the second is in force.
    const atThird = await snapshotsInForce({ pool: app.testDb.pool, eventStore }, 'QQQ').then((s) =>
      s.at(third.position as never),
    );
    expect(atThird.map((event) => event.id)).toEqual([second.id]);
    const [first] = await snapshots.at(third.position as never);
    await snapshots.at(third.position as never);
    expect(first?.id).toBe(second.id);
    expect(snapshots.reads()).toBe(1);
    expect(calls.every((call) => call.events === 1)).toBe(true);
  });

  it('falls back to the whole stream while the index lacks positions (before a market-data rebuild)', async () => {
    await app.testDb.pool.query(sql.unsafe`
      update etf_snapshots set global_position = null where etf_symbol = 'QQQ' and event_id = ${published[0]?.id ?? ''}`);
    const { eventStore, calls } = counting();
    const snapshots = await snapshotsInForce({ pool: app.testDb.pool, eventStore }, 'QQQ');
    const third = published[2];
    if (!third) throw new Error('three snapshots expected');
    const events = await snapshots.at(third.position as never);
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(calls).toHaveLength(1);
  });
});
