import type { EventStore, Position } from '@etf-replicator/core';
import { migrateReadModels, writeCheckpoint } from '@etf-replicator/projections';
import {
  isServerAvailable,
  openPgliteTestDatabase,
  openServerTestDatabase,
  type TestDatabase,
  untilCommittedIsReadable,
} from '@etf-replicator/projections/testing';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from './postgres-event-store';
import { EventLogFromTheFutureError, resequenceEventLog } from './restore-safety';

const stores = (await isServerAvailable()) ? ['postgres', 'pglite'] : ['pglite'];

/**
 * Issue 21: after `pg_dump` + restore on another server (or a logical-replication move) the stored transaction ids
 * are above the new server's counter. Forged here by pushing every stored id a million ahead.
 */
describe.each(stores)('A restored event log on %s', (kind) => {
  let test: TestDatabase;
  let store: EventStore;
  const order = (all: Awaited<ReturnType<EventStore['readAll']>>) =>
    all.events.map((event) => `${event.streamId}#${event.streamRevision}:${(event.data as { n: number }).n}`);

  beforeAll(async () => {
    test = kind === 'postgres' ? await openServerTestDatabase() : await openPgliteTestDatabase();
    await migrateReadModels(test.db);
    store = await createPostgresEventStore(test.db);
  });
  afterAll(async () => {
    await store.close();
    await test.dispose();
  });

  it('is refused at start-up with the fix, and readable in the same order after `eventlog:resequence`', async () => {
    for (let n = 0; n < 12; n++)
      await store.appendToStream(`counter-${n % 3}`, [{ type: 'Counted', data: { n } }], {
        expectedRevision: 'any',
      });
    await untilCommittedIsReadable(store); // another suite's open transaction on the shared server may hold the head
    const before = await store.readAll({ maxCount: 100 });
    expect(before.events).toHaveLength(12);
    const third = before.events[2]?.globalPosition as Position;
    await writeCheckpoint(test.db.pool, 'probe', third);

    // The forgery: what a restore on a younger server looks like (positions in the read models move along).
    await test.db.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`alter table es_events disable trigger es_events_no_update_or_delete`);
      await tx.query(sql.unsafe`
        update es_events set transaction_id = ((transaction_id::text)::bigint + 1000000)::text::xid8`);
      // One transaction that committed late: its event is read last although its global position is low.
      await tx.query(sql.unsafe`
        update es_events set transaction_id = ((transaction_id::text)::bigint + 500)::text::xid8
         where data->>'n' = '1'`);
      await tx.query(sql.unsafe`alter table es_events enable trigger es_events_no_update_or_delete`);
      await tx.query(sql.unsafe`
        update projection_checkpoints set position = ((split_part(position, ':', 1)::bigint + 1000000)::text
          || ':' || split_part(position, ':', 2)) where projection = 'probe'`);
    });
    // What readers see now: nothing.
    expect((await store.readAll({ maxCount: 100 })).events).toHaveLength(0);

    const refused = await createPostgresEventStore(test.db).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EventLogFromTheFutureError);
    expect((refused as Error).message).toMatch(/transaction ids from the future/);
    expect((refused as Error).message).toContain('npm run eventlog:resequence');

    const result = await resequenceEventLog(test.db);
    expect(result).toEqual({ events: 12, rewritten: true, checkpoints: 1 });

    const reopened = await createPostgresEventStore(test.db);
    await untilCommittedIsReadable(reopened);
    const after = await reopened.readAll({ maxCount: 100 });
    // The reading order of the restored log is kept (the late commit stays last), not the global positions' order.
    const expected = [...before.events.filter((e) => e !== before.events[1]), before.events[1]];
    expect(after.events.map((event) => event.id)).toEqual(expected.map((event) => event?.id));
    expect(order(after)).toEqual(order({ events: expected as typeof before.events, position: undefined }));
    // The checkpoint still points at the third event (n = 2), in the new numbering.
    const [checkpoint] = await test.db.pool.anyFirst(
      sql.unsafe`select position from projection_checkpoints where projection = 'probe'`,
    );
    expect(checkpoint).toBe(after.events[1]?.globalPosition);
    // New appends come after the restored events, and the log is immutable again.
    const appended = await reopened.appendToStream('counter-0', [{ type: 'Counted', data: { n: 12 } }], {
      expectedRevision: 3,
    });
    expect(reopened.comparePositions(appended.position, after.events[11]?.globalPosition as Position)).toBe(
      1,
    );
    await expect(test.db.pool.query(sql.unsafe`delete from es_events`)).rejects.toThrow();
    expect(await resequenceEventLog(test.db)).toEqual({ events: 13, rewritten: false, checkpoints: 0 });
  });
});
