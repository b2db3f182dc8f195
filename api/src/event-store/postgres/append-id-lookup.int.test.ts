import { randomUUID } from 'node:crypto';
import { type TestDatabase, testDatabaseKinds } from '@etf-replicator/projections/testing';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPostgresEventStore } from './postgres-event-store';

const appended = z.object({
  next_version: z.number().nullable(),
  conflict: z.boolean(),
  current_version: z.number().nullable(),
  calls: z.number(),
});

/**
 * Migration 0003: an append looks its event ids up only when it fails (a retry, or ids used before): the lookup's
 * plan, kept by a session from a time es_events was nearly empty, had every append scan the whole log.
 */
describe.each(await testDatabaseKinds())('es_append id lookup on $name', ({ open }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
    await createPostgresEventStore(test.db);
  });
  afterAll(() => test?.dispose());

  /** es_append inside `tx`, with how many times es_existing_append has run in `tx` so far. */
  const append = (
    tx: Parameters<Parameters<TestDatabase['db']['pool']['transaction']>[0]>[0],
    streamId: string,
    expected: number | null,
    ids: readonly string[],
  ) =>
    tx.one(sql.type(appended)`
      select a.next_version, a.conflict, a.current_version,
             coalesce(pg_stat_get_xact_function_calls('es_existing_append(text, uuid[])'::regprocedure), 0)::int
               as calls
        from es_append(${streamId}, 'lookup', ${expected}::bigint, ${sql.array([...ids], 'uuid')},
                       ${sql.array(
                         ids.map(() => 'Tested'),
                         'text',
                       )}, ${sql.array(
                         ids.map(() => '{}'),
                         'jsonb',
                       )}, ${sql.array(
                         ids.map(() => '{}'),
                         'jsonb',
                       )}) a`);

  it('appends without looking its ids up, and answers a retry (a conflict, ids used before) with the lookup', async () => {
    const stream = `lookup-${randomUUID()}`;
    const first = [randomUUID(), randomUUID()];
    const calls = await test.db.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`set local track_functions = 'pl'`);
      const created = await append(tx, stream, -1, first);
      const next = await append(tx, stream, 1, [randomUUID()]);
      // The same two events again, expecting the revision they were appended at: answered with what was stored.
      const retried = await append(tx, stream, -1, first);
      // Expecting any revision: the ids break the unique key; answered the same way.
      const retriedAny = await append(tx, stream, null, first);
      const stale = await append(tx, stream, 0, [randomUUID()]);
      return { created, next, retried, retriedAny, stale };
    });
    expect(calls.created).toEqual({ next_version: 1, conflict: false, current_version: null, calls: 0 });
    expect(calls.next).toEqual({ next_version: 2, conflict: false, current_version: null, calls: 0 });
    expect(calls.retried).toEqual({ next_version: 1, conflict: false, current_version: null, calls: 1 });
    expect(calls.retriedAny).toEqual({ next_version: 1, conflict: false, current_version: null, calls: 2 });
    expect(calls.stale).toEqual({ next_version: null, conflict: true, current_version: 2, calls: 3 });
  });

  it('refuses ids another stream used, whatever revision the append expects', async () => {
    const used = randomUUID();
    await test.db.pool.transaction((tx) => append(tx, `lookup-${randomUUID()}`, -1, [used]));
    for (const expected of [-1, null]) {
      await expect(
        test.db.pool.transaction((tx) => append(tx, `lookup-${randomUUID()}`, expected, [used])),
      ).rejects.toThrow(/event ids already used by a different append/);
    }
  });

  it('plans the lookup for the table as it is at each call (no session-long plan)', async () => {
    const config = await test.db.pool.oneFirst(sql.type(z.object({ config: z.array(z.string()).nullable() }))`
      select proconfig as config from pg_proc where oid = 'es_existing_append(text, uuid[])'::regprocedure`);
    expect(config).toEqual(['plan_cache_mode=force_custom_plan']);
  });
});
