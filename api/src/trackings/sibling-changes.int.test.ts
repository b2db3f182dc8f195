import { initialState, trackingStreamId } from '@etf-replicator/core';
import { rebuildProjection } from '@etf-replicator/projections';
import { trackingsProjector } from '@etf-replicator/projections/trackings/projector';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCommittedTail } from '../event-store/postgres/committed-tail';
import { dumpReadModels } from '../features/trackings/testing/dump-read-models';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../features/trackings/testing/tracking-test-client';
import { inMemorySiblings } from '../testing/in-memory-siblings';
import { createTestApp, type TestApp, testStores } from '../testing/test-app';
import { applySiblingChange, shareTrackingChanges } from './sibling-changes';
import { trackingCache } from './tracking-loader';

/*
 * Issue 28: one investor's orders over two server processes in turn. Each process tells the other the events it
 * appended (cluster/sibling-channel.ts; here two apps on one database with an in-memory channel), so the next order
 * on the other process decides from the tracking as it is: no lost append race, no read of the stream.
 */
describe.each(await testStores())('Tracking changes shared between server processes on %s', (store) => {
  let here: TestApp;
  let there: TestApp;

  beforeAll(async () => {
    const siblings = inMemorySiblings();
    here = await createTestApp({ store, siblings: siblings.member() });
    await seedMarketForTrackings(here);
    there = await createTestApp({ sameDatabaseAs: here, siblings: siblings.member() });
  }, 120_000);
  afterAll(async () => {
    await there?.dispose();
    await here?.dispose();
  });

  const cachedRevision = (app: TestApp, trackingId: string) =>
    trackingCache(app.eventStore).get(trackingStreamId(trackingId))?.revision;

  it('folds the other process’s orders in: alternating orders read nothing back and the read models are right', async () => {
    const ann = await trackingClient(here, { plan: 'PRO' });
    const annThere = await trackingClient(there, { userId: ann.userId, plan: 'PRO' });
    const { trackingId } = (await ann.create('QQQ', '100000')).body as { trackingId: string };
    const streamId = trackingStreamId(trackingId);
    // The first order on each process folds the stream (neither holds the tracking yet); each then says it holds it.
    for (const client of [ann, annThere])
      expect(
        (await client.execute(trackingId, { symbol: 'AAPL', shares: '3', orderType: 'BUY' })).status,
      ).toBe(200);
    await vi.waitFor(() => {
      expect(here.trackingChanges.watchedElsewhere(trackingId)).toBe(true);
      expect(there.trackingChanges.watchedElsewhere(trackingId)).toBe(true);
    });
    expect(
      (await annThere.execute(trackingId, { symbol: 'AAPL', shares: '1', orderType: 'BUY' })).status,
    ).toBe(200);

    const reads = {
      here: vi.spyOn(here.eventStore, 'readStream'),
      there: vi.spyOn(there.eventStore, 'readStream'),
    };
    const orders = [
      { symbol: 'MSFT', shares: '2', orderType: 'BUY' },
      { symbol: 'AAPL', shares: '1', orderType: 'SELL' },
      { symbol: 'NVDA', shares: '5', orderType: 'BUY' },
      { symbol: 'MSFT', shares: '1', orderType: 'SELL' },
      { symbol: 'AAPL', shares: '2', orderType: 'BUY' },
      { symbol: 'NVDA', shares: '5', orderType: 'SELL' },
    ] as const;
    let revision = cachedRevision(there, trackingId) ?? -1;
    for (const [index, order] of orders.entries()) {
      const [app, client]: [TestApp, TrackingClient] = index % 2 === 0 ? [here, ann] : [there, annThere];
      // The other process's events arrive as a message: the order goes once they are folded in.
      await vi.waitFor(() => expect(cachedRevision(app, trackingId)).toBe(revision));
      const answer = await client.execute(trackingId, order);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      revision += 1;
      expect((answer.body as { revision: number }).revision).toBe(revision);
    }
    const streamReads = [...reads.here.mock.calls, ...reads.there.mock.calls].filter(
      ([id]) => id === streamId,
    );
    expect(streamReads).toEqual([]);
    reads.here.mockRestore();
    reads.there.mockRestore();

    // Both processes serve the same tracking, and it is what a replay of the log writes.
    expect(await annThere.detail(trackingId)).toEqual(await ann.detail(trackingId));
    const live = await dumpReadModels(here, ['detail', 'summary', 'lots']);
    await rebuildProjection({
      db: here.testDb,
      eventStore: here.testEventStore,
      projector: trackingsProjector,
      readCommittedTail,
    });
    expect(await dumpReadModels(here, ['detail', 'summary', 'lots'])).toEqual(live);
  });

  it('leaves a cached tracking the events do not directly follow, and one it does not hold', async () => {
    const bob = await trackingClient(here, { plan: 'PRO' });
    const { trackingId } = (await bob.create('QQQ', '50000')).body as { trackingId: string };
    expect((await bob.execute(trackingId, { symbol: 'AAPL', shares: '1', orderType: 'BUY' })).status).toBe(
      200,
    );
    const cached = cachedRevision(here, trackingId);
    expect(cached).toBeGreaterThan(0);
    const event = { id: crypto.randomUUID(), type: 'CashAdded', data: {} };
    // Revisions cached + 2 and + 3: the one in between is missing, so nothing can be folded.
    applySiblingChange(here.eventStore, {
      trackingId,
      revision: (cached ?? 0) + 3,
      appended: [event, event],
    });
    expect(cachedRevision(here, trackingId)).toBe(cached);
    applySiblingChange(here.eventStore, { trackingId: crypto.randomUUID(), revision: 0, appended: [event] });
    expect(cachedRevision(here, trackingId)).toBe(cached);
  });
});

describe('shareTrackingChanges', () => {
  it('sends the changes of one turn in one message, only of trackings a sibling works on, and reports one it cannot read', async () => {
    const siblings = inMemorySiblings();
    const [senderChannel, receiverChannel] = [siblings.member(), siblings.member()];
    const bodies: string[] = [];
    receiverChannel.subscribe('tracking-changes', (body) => bodies.push(body));
    const bad = vi.fn();
    const [senderStore, receiverStore] = [{}, {}] as TestApp['eventStore'][];
    const sender = shareTrackingChanges(senderStore as TestApp['eventStore'], senderChannel, bad);
    const receiver = shareTrackingChanges(receiverStore as TestApp['eventStore'], receiverChannel, bad);
    const change = (trackingId: string) => ({
      trackingId,
      revision: 9, // not right after what the receiver holds: it keeps its own
      appended: [{ id: 'e', type: 'CashAdded', data: { amount: '1' }, extra: 'not sent' }],
    });
    // Nobody works on a yet: nothing is sent.
    sender.share(change('a'));
    // The receiver runs commands on a and b (it holds a in its cache): it says so, and their changes reach it.
    trackingCache(receiverStore as TestApp['eventStore']).set('tracking-a', {
      state: initialState(),
      revision: 3,
    });
    receiver.active('a');
    receiver.active('b');
    await vi.waitFor(() => expect(sender.watchedElsewhere('b')).toBe(true));
    expect(bodies).toEqual([]);
    sender.share(change('a'));
    sender.share(change('b'));
    sender.share(change('c'));
    sender.share({ trackingId: 'a', revision: 3, appended: [] });
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    const sent = {
      trackingId: 'a',
      revision: 9,
      appended: [{ id: 'e', type: 'CashAdded', data: { amount: '1' } }],
    };
    expect(JSON.parse(bodies[0] ?? '')).toEqual([sent, { ...sent, trackingId: 'b' }]);
    // The receiver does not hold b: it says so, and the sender stops sending b's changes.
    await vi.waitFor(() => expect(sender.watchedElsewhere('b')).toBe(false));
    expect(sender.watchedElsewhere('a')).toBe(true);
    expect(bad).not.toHaveBeenCalled();

    senderChannel.publish('tracking-changes', '[{"trackingId": 1}]');
    await vi.waitFor(() => expect(bad).toHaveBeenCalledTimes(1));
    receiver.close();
    sender.close();
  });
});
