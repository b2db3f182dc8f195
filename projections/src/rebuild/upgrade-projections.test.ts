import { randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateReadModels } from '../migrate-read-models';
import { applyEvents, type Projector } from '../runner/projector';
import {
  createInMemoryEventStore,
  isServerAvailable,
  openPgliteTestDatabase,
  openServerTestDatabase,
  type TestDatabase,
} from '../testing';
import { upgradeProjections } from './upgrade-projections';

const stores = (await isServerAvailable()) ? ['pglite', 'postgres'] : ['pglite'];

describe.each(stores)('upgradeProjections on %s', (kind) => {
  let test: TestDatabase;
  let store: EventStore;
  const table = `versioned_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  /** Version 1 stores n; version 2 stores n × 10 (a new shape of what it keeps). */
  const projectorAt = (version: number): Projector => ({
    name: `p_${table}`,
    eventTypes: ['Counted'],
    tables: [table],
    ...(version === 1 ? {} : { version }),
    handle: async (tx, event) => {
      const n = (event.data as { n: number }).n;
      await tx.query(
        sql.unsafe`insert into ${sql.identifier([table])} (n) values (${version === 1 ? n : n * 10})`,
      );
    },
  });
  const stored = () =>
    test.db.pool.anyFirst(sql.type(z.object({ n: z.number() }))`
      select n from ${sql.identifier([table])} order by n`);
  const storedVersion = () =>
    test.db.pool.oneFirst(sql.type(z.object({ version: z.number() }))`
      select version from projection_checkpoints where projection = ${`p_${table}`}`);

  beforeAll(async () => {
    test = kind === 'postgres' ? await openServerTestDatabase() : await openPgliteTestDatabase();
    await migrateReadModels(test.db);
    await test.db.pool.query(sql.unsafe`create table ${sql.identifier([table])} (n int primary key)`);
    store = createInMemoryEventStore();
    for (const n of [1, 2, 3])
      await store.appendToStream('counter-1', [{ type: 'Counted', data: { n } }], {
        expectedRevision: 'any',
      });
  });
  afterAll(() => test.dispose());

  it('stamps a projector that has applied nothing with its version, without a rebuild', async () => {
    const v1 = projectorAt(1);
    expect(await upgradeProjections({ db: test.db, eventStore: store, projectors: [v1] })).toEqual([]);
    expect(await storedVersion()).toBe(1);
    // What the runner then applies, in the version-1 shape.
    const page = await store.readAll({ maxCount: 10 });
    await test.db.pool.transaction((tx) => applyEvents(tx, v1, page.events));
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('rebuilds a projection whose code declares a new version, once', async () => {
    const v2 = projectorAt(2);
    const rebuilt = await upgradeProjections({ db: test.db, eventStore: store, projectors: [v2] });
    expect(rebuilt.map((r) => [r.projection, r.applied])).toEqual([[v2.name, 3]]);
    expect(await stored()).toEqual([10, 20, 30]);
    expect(await storedVersion()).toBe(2);
    expect(await upgradeProjections({ db: test.db, eventStore: store, projectors: [v2] })).toEqual([]);
  });

  it('refuses to start an older build on rows a newer one wrote', async () => {
    await expect(
      upgradeProjections({ db: test.db, eventStore: store, projectors: [projectorAt(1)] }),
    ).rejects.toThrow(
      /written by a newer version of this application \(projection version 2; this build writes 1\)/,
    );
    expect(await stored()).toEqual([10, 20, 30]);
  });
});
