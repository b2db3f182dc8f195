import { randomUUID } from 'node:crypto';
import type { EventStore, Position } from '@etf-replicator/core';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateReadModels } from '../migrate-read-models';
import { readCheckpoint } from '../runner/checkpoints';
import { createProjectionRunner } from '../runner/projection-runner';
import type { Projector } from '../runner/projector';
import {
  createInMemoryEventStore,
  isServerAvailable,
  openPgliteTestDatabase,
  openServerTestDatabase,
  type TestDatabase,
} from '../testing';
import { rebuildProjection } from './rebuild-projection';

const stores = (await isServerAvailable()) ? ['pglite', 'postgres'] : ['pglite'];

describe.each(stores)('rebuildProjection on %s', (kind) => {
  let test: TestDatabase;
  let store: EventStore;
  const table = `rebuilt_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const projector: Projector = {
    name: `p_${table}`,
    eventTypes: ['Counted'],
    tables: [table],
    handle: async (tx, event) => {
      await tx.query(
        sql.unsafe`insert into ${sql.identifier([table])} (n) values (${(event.data as { n: number }).n})`,
      );
    },
  };
  const rows = () =>
    test.db.pool.any(sql.type(z.object({ n: z.number(), copies: z.number() }))`
      select n, count(*)::int as copies from ${sql.identifier([table])} group by n order by n`);
  const append = async (from: number, count: number) => {
    let last: Position | undefined;
    for (let n = from; n < from + count; n++) {
      last = (
        await store.appendToStream(`counter-${n % 3}`, [{ type: 'Counted', data: { n } }], {
          expectedRevision: 'any',
        })
      ).position;
      if (n % 10 === 0)
        await store.appendToStream('other-1', [{ type: 'Other', data: {} }], { expectedRevision: 'any' });
    }
    return last as Position;
  };

  beforeAll(async () => {
    test = kind === 'postgres' ? await openServerTestDatabase() : await openPgliteTestDatabase();
    await migrateReadModels(test.db);
    await test.db.pool.query(
      sql.unsafe`create table ${sql.identifier([table])} (n int not null, constraint ${sql.identifier([`${table}_by_n`])} primary key (n))`,
    );
    // A table rewritten in place keeps room on its pages (migration 0182): the copy must too.
    await test.db.pool.query(sql.unsafe`alter table ${sql.identifier([table])} set (fillfactor = 70)`);
    // Named the way migrations name indexes, unlike PostgreSQL's default (`<table>_n_idx`).
    await test.db.pool.query(
      sql.unsafe`create index ${sql.identifier([`${table}_n_desc`])} on ${sql.identifier([table])} (n desc)`,
    );
    store = createInMemoryEventStore();
  });
  afterAll(() => test.dispose());

  it('replaces damaged rows by a replay while the live runner keeps going, exactly once', async () => {
    const runner = createProjectionRunner({
      db: test.db,
      eventStore: store,
      projectors: [projector],
      batchSize: 25,
    });
    await runner.start();
    expect(await runner.waitForPosition(await append(0, 120), { timeoutMs: 25_000 })).toBe(true);
    await test.db.pool.query(sql.unsafe`delete from ${sql.identifier([table])} where n % 7 = 0`);

    const progress: number[] = [];
    const writing = append(120, 40);
    const result = await rebuildProjection({
      db: test.db,
      eventStore: store,
      projector,
      batchSize: 30,
      onProgress: (p) => progress.push(p.applied),
    });
    const last = await writing;
    expect(await runner.waitForPosition(last, { timeoutMs: 25_000 })).toBe(true);
    await runner.stop();

    expect(await rows()).toEqual(Array.from({ length: 160 }, (_, n) => ({ n, copies: 1 })));
    expect(result.applied).toBeGreaterThanOrEqual(120);
    expect(progress.length).toBeGreaterThan(1);
    expect(await readCheckpoint(test.db.pool, projector.name)).toBe(last);
    const schemas = await test.db.pool.anyFirst(sql.type(z.object({ nspname: z.string() }))`
      select nspname from pg_namespace where nspname like 'rebuild_%'`);
    expect(schemas).toEqual([]);
  });

  it('keeps the table’s indexes and constraints', async () => {
    await expect(
      test.db.pool.query(sql.unsafe`insert into ${sql.identifier([table])} (n) values (0)`),
    ).rejects.toThrow();
  });

  it('keeps the table’s storage parameters (its fillfactor)', async () => {
    expect(
      await test.db.pool.oneFirst(sql.type(z.object({ reloptions: z.array(z.string()).nullable() }))`
        select reloptions from pg_class where oid = ${table}::regclass`),
    ).toEqual(['fillfactor=70']);
  });

  it('keeps the index and constraint names, so that later migrations naming them still run', async () => {
    const names = () =>
      test.db.pool.anyFirst(sql.type(z.object({ indexname: z.string() }))`
        select indexname from pg_indexes where schemaname = 'public' and tablename = ${table} order by indexname`);
    const before = await names();
    expect(before).toEqual([`${table}_by_n`, `${table}_n_desc`]);
    await test.db.pool.query(sql.unsafe`
      insert into projection_failures (projector, event_id, position, stream_id, event_type, error)
      values (${projector.name}, 'e-parked', '1', 'counter-1', 'Counted', 'boom')`);
    await rebuildProjection({ db: test.db, eventStore: store, projector });
    expect(await names()).toEqual(before);
    // What a later migration would do with them:
    await test.db.pool.query(sql.unsafe`drop index ${sql.identifier([`${table}_n_desc`])}`);
    await test.db.pool.query(
      sql.unsafe`alter table ${sql.identifier([table])} rename constraint ${sql.identifier([`${table}_by_n`])} to ${sql.identifier([`${table}_pk`])}`,
    );
    // The replay applied everything: nothing stays parked for the rebuilt projection.
    expect(
      await test.db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::int as n from projection_failures where projector = ${projector.name}`),
    ).toBe(0);
  });
});
