import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import type { Database } from './database';

/*
 * What autovacuum does, for a database where nothing does it: PGlite runs no autovacuum at all, and a PostgreSQL
 * server can have it turned off. Without it two costs grow with the data. Every connection plans its prepared
 * statements once (generic plans, server-driver.ts), and a plan made while a table was nearly empty scans the whole
 * table until the table's statistics change, which nothing else makes them do (issue 28: the append's id lookup read
 * the whole log, 1.7 ms at 9,700 events). And each command's rewrite of its tracking's large json values leaves the
 * old ones behind until a VACUUM (in tracking_detail's TOAST table: 60 MB for 50 trackings after 33,000 orders).
 */

/** Whether the database needs this process's upkeep: PGlite always, a server only with autovacuum off. */
export const upkeepWanted = async (db: Database): Promise<boolean> =>
  db.kind === 'pglite' ||
  (await db.pool.oneFirst(sql.type(z.object({ off: z.boolean() }))`
    select current_setting('autovacuum') = 'off' as off`));

/** The size of the public schema's tables with their indexes and TOAST, in bytes. */
const databaseBytes = async (db: Database): Promise<number> =>
  db.pool.oneFirst(sql.type(z.object({ bytes: z.coerce.number() }))`
    select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'`);

/** One server process at a time: the others skip the round (a session lock, as VACUUM runs outside transactions). */
const UPKEEP_LOCK = sql.fragment`hashtext('etf-replicator:table-upkeep')`;

export type TableUpkeep = {
  /**
   * Vacuums and analyzes the database when its tables grew by `growth` (and at least `minimumBytes`) since the last
   * round, or since the first call; returns whether it did (false also when another server process was at it).
   */
  readonly maybeRun: () => Promise<boolean>;
};

export const createTableUpkeep = (
  db: Database,
  { growth = 0.1, minimumBytes = 8 * 1024 * 1024 }: { growth?: number; minimumBytes?: number } = {},
): TableUpkeep => {
  let wanted: boolean | undefined;
  let baseline: number | undefined;
  const vacuum = (connection: CommonQueryMethods) => connection.query(sql.unsafe`vacuum (analyze)`);
  /** On a server: under the lock, and without the pool's statement timeout (a large database takes a while). */
  const vacuumOnServer = () =>
    db.pool.connect(async (connection) => {
      const locked = await connection.oneFirst(sql.type(z.object({ locked: z.boolean() }))`
        select pg_try_advisory_lock(${UPKEEP_LOCK}) as locked`);
      if (!locked) return false;
      try {
        await connection.query(sql.unsafe`set statement_timeout = 0`);
        await vacuum(connection);
      } finally {
        await connection.query(sql.unsafe`reset statement_timeout`);
        await connection.query(sql.unsafe`select pg_advisory_unlock(${UPKEEP_LOCK})`);
      }
      return true;
    });
  return {
    maybeRun: async () => {
      wanted ??= await upkeepWanted(db);
      if (!wanted) return false;
      const bytes = await databaseBytes(db);
      baseline ??= bytes;
      if (bytes - baseline < Math.max(minimumBytes, baseline * growth)) return false;
      // The next round waits for the next growth, whether this one runs, fails or finds another process at it.
      baseline = bytes;
      if (db.kind === 'pglite') {
        await vacuum(db.pool);
        return true;
      }
      return vacuumOnServer();
    },
  };
};
