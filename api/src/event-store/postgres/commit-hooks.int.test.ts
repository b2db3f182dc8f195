import type { EventStore } from '@etf-replicator/core';
import { afterCommit, type Projector } from '@etf-replicator/projections';
import { type TestDatabase, testDatabaseKinds } from '@etf-replicator/projections/testing';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, newStream } from '../contract/contract-helpers';
import { createPostgresEventStore } from './postgres-event-store';

const stores = await testDatabaseKinds();

/**
 * An inline projector asks for work after the commit (the trackings projector remembers the rows it wrote, issue 28
 * item 1): the work must run only for writes that committed — never for a member refused alone, a stream undone by
 * its member's savepoint, or a batch that rolled back — and once per committed write.
 */
describe.each(stores)('Commit hooks on $name', ({ open }) => {
  let test: TestDatabase;
  let store: EventStore;
  const hooked: string[] = [];
  const collected: boolean[] = [];

  const projector: Projector = {
    name: 'commit_hook_witness',
    eventTypes: 'all',
    inline: true,
    tables: ['hook_witness'],
    handle: async (tx, recorded) => {
      if (recorded.type === 'Poison') throw new Error('refused');
      await tx.query(sql.unsafe`insert into hook_witness (stream_id) values (${recorded.streamId})`);
      collected.push(afterCommit(() => hooked.push(recorded.streamId)));
    },
  };

  beforeAll(async () => {
    test = await open();
    await test.db.pool.query(sql.unsafe`create table hook_witness (stream_id text not null)`);
    store = await createPostgresEventStore(test.db, {
      inlineProjectors: [projector],
      maxConcurrentCommits: 1,
    });
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await test?.dispose();
  });

  const count = (streamId: string) => hooked.filter((id) => id === streamId).length;

  it('runs after a committed append, once, and the write is there', async () => {
    const streamId = newStream();
    await store.appendToStream(streamId, [event('Opened', {})], { expectedRevision: 'no_stream' });
    expect(count(streamId)).toBe(1);
    expect(collected.every(Boolean)).toBe(true);
  });

  it('skips a member refused for its revision, and the stream its savepoint undid; the others run', async () => {
    const taken = newStream();
    await store.appendToStream(taken, [event('Opened', {})], { expectedRevision: 'no_stream' });
    const [good, undone] = [newStream(), newStream()];
    const appendToStreams = store.appendToStreams?.bind(store);
    if (!appendToStreams) throw new Error('the PostgreSQL store appends to several streams at once');
    const leader = store.appendToStream(newStream(), [event('Leader', {})], {
      expectedRevision: 'no_stream',
    });
    const outcomes = await Promise.allSettled([
      store.appendToStream(good, [event('Good', {})], { expectedRevision: 'no_stream' }),
      store.appendToStream(taken, [event('Late', {})], { expectedRevision: 7 }),
      // Two streams all-or-nothing: the second's conflict undoes the first's write in the member's savepoint.
      appendToStreams([
        { streamId: undone, events: [event('Half', {})], expectedRevision: 'no_stream' },
        { streamId: taken, events: [event('Late', {})], expectedRevision: 7 },
      ]),
    ]);
    await leader;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect([count(good), count(taken), count(undone)]).toEqual([1, 1, 0]);
  });

  it('drops the hooks of a batch that rolled back and runs each member’s once after its retry commits', async () => {
    const [first, second, poisoned] = [newStream(), newStream(), newStream()];
    const leader = store.appendToStream(newStream(), [event('Leader', {})], {
      expectedRevision: 'no_stream',
    });
    const outcomes = await Promise.allSettled([
      store.appendToStream(first, [event('Good', {})], { expectedRevision: 'no_stream' }),
      store.appendToStream(poisoned, [event('Poison', {})], { expectedRevision: 'no_stream' }),
      store.appendToStream(second, [event('Good', {})], { expectedRevision: 'no_stream' }),
    ]);
    await leader;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([count(first), count(second), count(poisoned)]).toEqual([1, 1, 0]);
  });
});
