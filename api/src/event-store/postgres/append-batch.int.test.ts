import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { type EventStore, WrongExpectedVersionError } from '@etf-replicator/core';
import { applyEvents, type Projector, shareWithMembers } from '@etf-replicator/projections';
import { type TestDatabase, testDatabaseKinds } from '@etf-replicator/projections/testing';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { event, newStream } from '../contract/contract-helpers';
import { parsePgPosition } from './position';
import { createPostgresEventStore } from './postgres-event-store';

const stores = await testDatabaseKinds();

const requestLabel = new AsyncLocalStorage<string>();
/** What the witness hands back to the append that caused an event (as the trackings projector hands views). */
const reported = new AsyncLocalStorage<Map<string, string>>();
shareWithMembers(reported);
/** The number of events of each call of the witness's handleBatch. */
const batchSizes: number[] = [];

/**
 * Records every event it sees with the async context it ran in and reports its id by stream; throws on `Poison` (a
 * broken projector).
 */
const witness: Projector = {
  name: 'group_commit_witness',
  eventTypes: 'all',
  inline: true,
  tables: ['gc_witness'],
  handle: async (tx, recorded) => {
    if (recorded.type === 'Poison') throw new Error('the witness refuses poison');
    await tx.query(sql.unsafe`insert into gc_witness (event_id, stream_id, label)
      values (${recorded.id}, ${recorded.streamId}, ${requestLabel.getStore() ?? null})`);
    reported.getStore()?.set(recorded.streamId, recorded.id);
  },
  handleBatch: async (tx, events) => {
    batchSizes.push(events.length);
    await applyEvents(tx, { ...witness, handleBatch: undefined }, events);
  },
};

/**
 * Issue 28 item 2. The stores commit one batch at a time here, so what is submitted while the first append commits
 * goes, deterministically, into the next transaction together.
 */
describe.each(stores)('Group commit on $name', ({ open }) => {
  let test: TestDatabase;
  let store: EventStore;
  let notifications = 0;
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    test = await open();
    await test.db.pool.query(
      sql.unsafe`create table gc_witness (event_id uuid primary key, stream_id text not null, label text)`,
    );
    store = await createPostgresEventStore(test.db, { inlineProjectors: [witness], maxConcurrentCommits: 1 });
    stopListening = await test.db.listen('es_events', () => {
      notifications++;
    });
  }, 60_000);
  afterAll(async () => {
    await stopListening?.();
    await store?.close();
    await test?.dispose();
  });

  const txOf = (position: string) => parsePgPosition(position as Parameters<typeof parsePgPosition>[0]).tx;
  const witnessed = async (streamIds: readonly string[]) =>
    test.db.pool.any(sql.type(z.object({ stream_id: z.string(), label: z.string().nullable() }))`
      select stream_id, label from gc_witness where stream_id = any(${sql.array([...streamIds], 'text')})
       order by stream_id`);

  it('commits the members of a group together and refuses only the one that conflicts', async () => {
    const conflicting = newStream();
    await store.appendToStream(conflicting, [event('Opened', {})], { expectedRevision: 'no_stream' });
    const good = [newStream(), newStream(), newStream(), newStream()];
    const leader = store.appendToStream(newStream(), [event('Leader', {})], {
      expectedRevision: 'no_stream',
    });
    const members = [
      ...good.map((streamId) =>
        store.appendToStream(streamId, [event('Good', {})], { expectedRevision: 'no_stream' }),
      ),
      store.appendToStream(conflicting, [event('Late', {})], { expectedRevision: 5 }),
    ];
    const outcomes = await Promise.allSettled(members);
    const stored = outcomes
      .slice(0, 4)
      .map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : undefined));
    expect(stored.every(Boolean)).toBe(true);
    const refused = outcomes[4];
    expect(refused?.status).toBe('rejected');
    const reason = (refused as PromiseRejectedResult).reason as WrongExpectedVersionError;
    expect(reason).toBeInstanceOf(WrongExpectedVersionError);
    expect([reason.streamId, reason.actual]).toEqual([conflicting, 0]);
    // One transaction for the four, another for the leader that was committing when they arrived.
    const txs = new Set(stored.map((result) => txOf(result?.position as string)));
    expect(txs.size).toBe(1);
    expect(txs.has(txOf((await leader).position))).toBe(false);
    expect((await store.readStream(conflicting)).map((e) => e.type)).toEqual(['Opened']);
    expect((await witnessed(good)).length).toBe(4);
  });

  it('fails only the member whose projection fails, applying the others once', async () => {
    const [poisoned, first, second] = [newStream(), newStream(), newStream()];
    const leader = store.appendToStream(newStream(), [event('Leader', {})], {
      expectedRevision: 'no_stream',
    });
    const outcomes = await Promise.allSettled([
      store.appendToStream(first, [event('Good', {}), event('Good', {})], { expectedRevision: 'no_stream' }),
      store.appendToStream(poisoned, [event('Poison', {})], { expectedRevision: 'no_stream' }),
      store.appendToStream(second, [event('Good', {})], { expectedRevision: 'no_stream' }),
    ]);
    await leader;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(((outcomes[1] as PromiseRejectedResult).reason as Error).message).toBe(
      'the witness refuses poison',
    );
    expect(await store.readStream(poisoned)).toEqual([]);
    expect((await witnessed([first, second])).map((row) => row.stream_id)).toEqual(
      [first, first, second].sort(),
    );
  });

  it("projects a group's single-stream members in one application and hands each member its own report", async () => {
    const streams = [newStream(), newStream(), newStream()];
    const leader = store.appendToStream(newStream(), [event('Leader', {})], {
      expectedRevision: 'no_stream',
    });
    const maps = streams.map(() => new Map<string, string>());
    const ids = streams.map(() => randomUUID());
    const sizesBefore = batchSizes.length;
    const results = await Promise.all(
      streams.map((streamId, index) =>
        reported.run(maps[index] as Map<string, string>, () =>
          store.appendToStream(streamId, [event('Good', {}, ids[index])], { expectedRevision: 'no_stream' }),
        ),
      ),
    );
    await leader;
    expect(new Set(results.map((result) => txOf(result.position))).size).toBe(1);
    // The leader alone, then the three together.
    expect(batchSizes.slice(sizesBefore)).toEqual([1, 3]);
    expect(streams.map((streamId, index) => maps[index]?.get(streamId))).toEqual(ids);
    expect((await witnessed(streams)).length).toBe(3);
  });

  it("runs a lone member's inline projection in that member's own async context", async () => {
    const streamId = newStream();
    await requestLabel.run('the request', () =>
      store.appendToStream(streamId, [event('Good', {})], { expectedRevision: 'no_stream' }),
    );
    expect((await witnessed([streamId])).map((row) => row.label)).toEqual(['the request']);
  });

  it('rolls back a multi-stream member that conflicts while the rest of its group commits', async () => {
    const [a, b, alone] = [newStream(), newStream(), newStream()];
    await store.appendToStream(b, [event('Opened', {})], { expectedRevision: 'no_stream' });
    const leader = store.appendToStream(newStream(), [event('Leader', {})], {
      expectedRevision: 'no_stream',
    });
    const [multi, single] = await Promise.allSettled([
      store.appendToStreams?.([
        { streamId: a, events: [event('A', {})], expectedRevision: 'no_stream' },
        { streamId: b, events: [event('B', {})], expectedRevision: 'no_stream' },
      ]),
      store.appendToStream(alone, [event('Alone', {})], { expectedRevision: 'no_stream' }),
    ]);
    await leader;
    expect(((multi as PromiseRejectedResult).reason as WrongExpectedVersionError).streamId).toBe(b);
    expect(single?.status).toBe('fulfilled');
    expect([await store.readStream(a), (await store.readStream(b)).length]).toEqual([[], 1]);
    expect(await witnessed([a])).toEqual([]);
    expect(await witnessed([alone])).toHaveLength(1);
  });

  it('notifies listeners once per committed transaction, not once per append', async () => {
    const before = notifications;
    const leader = store.appendToStream(newStream(), [event('Leader', {})], {
      expectedRevision: 'no_stream',
    });
    const group = Array.from({ length: 5 }, () =>
      store.appendToStream(newStream(), [event('Good', {})], { expectedRevision: 'no_stream' }),
    );
    const positions = (await Promise.all(group)).map((result) => txOf(result.position));
    await leader;
    expect(new Set(positions).size).toBe(1);
    // Notifications arrive in commit order: once the marker's is here, the group's have all been delivered.
    await store.appendToStream(newStream(), [event('Marker', {})], { expectedRevision: 'no_stream' });
    await until(() => notifications >= before + 3);
    expect(notifications - before).toBe(3);
  });
});

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
};
