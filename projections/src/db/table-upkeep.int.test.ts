import { type CommonQueryMethods, sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestDatabase, testDatabaseKinds } from '../testing';
import { createTableUpkeep, upkeepWanted } from './table-upkeep';

const planText = z.object({ 'QUERY PLAN': z.string() });

describe.each(await testDatabaseKinds())('table upkeep on $name', ({ name, open }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
    // As wide as es_events' rows (the planner guesses 32 bytes per text or json value it has no statistics for).
    await test.db.pool.query(sql.unsafe`
      create table upkeep_probe (id int primary key, stream text, kind text, category text, payload text,
                                 data jsonb, metadata jsonb)`);
  });
  afterAll(() => test?.dispose());

  it('is wanted where no autovacuum runs (PGlite; this server runs with autovacuum off, as CI does)', async () => {
    const autovacuum = await test.db.pool.oneFirst(sql.type(z.object({ setting: z.string() }))`
      select current_setting('autovacuum') as setting`);
    expect(await upkeepWanted(test.db)).toBe(name === 'PGlite' || autovacuum === 'off');
  });

  it("re-plans a session's generic plan made while the table held a few rows, once the tables grew enough", async () => {
    const upkeep = createTableUpkeep(test.db, { growth: 0.1, minimumBytes: 64 * 1024 });
    if (!(await upkeepWanted(test.db))) {
      // A server with autovacuum on keeps its statistics, and so its plans, fresh itself: the upkeep never runs.
      await test.db.pool.query(sql.unsafe`
        insert into upkeep_probe (id, payload) select g, repeat('x', 100) from generate_series(1, 20000) g`);
      expect([await upkeep.maybeRun(), await upkeep.maybeRun()]).toEqual([false, false]);
      return;
    }
    expect(await upkeep.maybeRun()).toBe(false); // the first call only measures
    const reltuples = () =>
      test.db.pool.oneFirst(sql.type(z.object({ reltuples: z.number() }))`
        select reltuples::float8 as reltuples from pg_class where oid = 'upkeep_probe'::regclass`);
    // The plan a server's session keeps: PGlite's planner chose the index from the start for this lookup, so there
    // only the statistics are asserted.
    const plans = name !== 'PGlite';
    // One session of its own on the server; PGlite has only one, which its pool hands out one statement at a time.
    const inSession = (fn: (session: CommonQueryMethods) => Promise<void>) =>
      plans ? test.db.pool.connect(fn) : fn(test.db.pool);
    await inSession(async (session) => {
      const plan = async () =>
        (await session.any(sql.type(planText)`explain (costs off) execute upkeep_lookup(array[42])`))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      // A few rows, as a fresh log holds when the server's connections first plan their statements.
      await session.query(
        sql.unsafe`insert into upkeep_probe (id, payload) select g, 'x' from generate_series(1, 12) g`,
      );
      await session.query(sql.unsafe`set plan_cache_mode = force_generic_plan`);
      await session.query(
        sql.unsafe`prepare upkeep_lookup(int[]) as select payload from upkeep_probe where id = any($1)`,
      );
      try {
        if (plans) expect(await plan()).toMatch(/Seq Scan on upkeep_probe/);
        await test.db.pool.query(sql.unsafe`
          insert into upkeep_probe (id, payload) select g, repeat('x', 100) from generate_series(13, 20000) g`);
        // Grown to 20,000 rows, never analyzed, and the session still scans them all for one id.
        expect(await reltuples()).toBe(-1);
        if (plans) expect(await plan()).toMatch(/Seq Scan on upkeep_probe/);
        expect(await upkeep.maybeRun()).toBe(true);
        expect(await reltuples()).toBe(20_000);
        expect(await plan()).toMatch(
          /Index Scan using upkeep_probe_pkey|Bitmap Index Scan on upkeep_probe_pkey/,
        );
        if (plans) expect(await plan()).toMatch(/Index Scan using upkeep_probe_pkey/);
      } finally {
        await session.query(sql.unsafe`deallocate upkeep_lookup`);
        await session.query(sql.unsafe`reset plan_cache_mode`);
      }
    });
    // Nothing grew since: nothing to do.
    expect(await upkeep.maybeRun()).toBe(false);
  });
});
