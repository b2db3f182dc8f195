import type { EventStore } from '@etf-replicator/core';
import { type Projector, readAlongOf } from '@etf-replicator/projections';
import { type TestDatabase, testDatabaseKinds } from '@etf-replicator/projections/testing';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, newStream } from '../contract/contract-helpers';
import { createPostgresEventStore } from './postgres-event-store';

const NAME = 'read_along_witness';
/** What the witness found read along, by stream, in the order it applied them. */
const seen: { streamId: string; along: unknown }[] = [];

/**
 * Asks, along every append, for the `ra_notes` rows of the appended streams (a stream without a note: nothing to
 * ask), and records what it was handed while it applied the events.
 */
const witness: Projector = {
  name: NAME,
  eventTypes: 'all',
  inline: true,
  tables: [],
  readAlong: (streamIds) =>
    streamIds.some((streamId) => streamId.startsWith('noted-'))
      ? sql.fragment`(select coalesce(jsonb_object_agg(stream_id, note), '{}'::jsonb) from ra_notes
                       where stream_id = any(${sql.array([...streamIds], 'text')}))`
      : undefined,
  handle: async (tx, recorded) => {
    seen.push({ streamId: recorded.streamId, along: readAlongOf(tx, NAME) });
  },
};

/** Issue 28: an inline projector's read travels in the append's statement (no round trip of its own). */
describe.each(await testDatabaseKinds())('A read along the append on $name', ({ open }) => {
  let test: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    test = await open();
    await test.db.pool.query(
      sql.unsafe`create table ra_notes (stream_id text primary key, note text not null)`,
    );
    store = await createPostgresEventStore(test.db, { inlineProjectors: [witness], maxConcurrentCommits: 1 });
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await test?.dispose();
  });

  const note = (streamId: string, text: string) =>
    test.db.pool.query(sql.unsafe`insert into ra_notes values (${streamId}, ${text})
      on conflict (stream_id) do update set note = excluded.note`);

  it('hands the projector what its read found when the append started', async () => {
    const stream = `noted-${newStream()}`;
    await note(stream, 'first');
    seen.length = 0;
    await store.appendToStream(stream, [event('Noted', {})], { expectedRevision: 'no_stream' });
    expect(seen).toEqual([{ streamId: stream, along: { [stream]: 'first' } }]);

    await note(stream, 'second');
    seen.length = 0;
    await store.appendToStream(stream, [event('Noted', {}), event('Noted', {})], { expectedRevision: 0 });
    expect(seen.map(({ along }) => along)).toEqual([{ [stream]: 'second' }, { [stream]: 'second' }]);
  });

  it('hands nothing when the projector asked nothing, and nothing is left behind for a later append', async () => {
    seen.length = 0;
    const plain = newStream();
    await store.appendToStream(plain, [event('Plain', {})], { expectedRevision: 'no_stream' });
    expect(seen).toEqual([{ streamId: plain, along: undefined }]);
  });

  it('reads once for the members committed together, each handed the value for all of them', async () => {
    const streams = [`noted-${newStream()}`, `noted-${newStream()}`, `noted-${newStream()}`];
    for (const [index, stream] of streams.entries()) await note(stream, `note ${index}`);
    // The first append holds the only commit slot; the three behind it go into the next transaction together.
    const leader = store.appendToStream(newStream(), [event('Leader', {})], {
      expectedRevision: 'no_stream',
    });
    const members = streams.map((stream) =>
      store.appendToStream(stream, [event('Noted', {})], { expectedRevision: 'no_stream' }),
    );
    seen.length = 0;
    await Promise.all([leader, ...members]);
    const expected = Object.fromEntries(streams.map((stream, index) => [stream, `note ${index}`]));
    expect(seen.filter(({ streamId }) => streams.includes(streamId))).toEqual(
      streams.map((streamId) => ({ streamId, along: expected })),
    );
  });
});
