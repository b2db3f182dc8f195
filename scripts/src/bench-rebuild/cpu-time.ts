import type { Database } from '@etf-replicator/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { processCpuMs } from '../bench-api/server-usage';

/*
 * CPU time spent on a rebuild, which a loaded machine disturbs far less than the wall clock: this process's own
 * (process.cpuUsage: PGlite runs in it) and, on a PostgreSQL server on this machine, that of the server backends
 * serving this database (utime + stime of /proc/PID/stat). A rebuild is sequential (Node waits for PostgreSQL and
 * the other way round), so events / (Node + PostgreSQL CPU) is close to what it would reach on an idle machine
 * (a little below: GC threads and the server overlap the main thread).
 */

const backendRow = z.object({ pid: z.number() });

/** CPU ms of each server backend connected to this database (none for PGlite). */
const backendsCpuMs = async (db: Database): Promise<Map<number, number> | undefined> => {
  if (db.kind !== 'postgres') return new Map();
  const pids = await db.pool.anyFirst(sql.type(backendRow)`
    select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`);
  const result = new Map<number, number>();
  for (const pid of pids) {
    const ms = await processCpuMs(pid).catch(() => undefined);
    if (ms === undefined) return undefined;
    result.set(pid, ms);
  }
  return result;
};

export type CpuTime = { readonly nodeMs: number; readonly postgresMs: number | undefined };

/** Starts measuring; the returned function gives the CPU time spent since. */
export const startCpuClock = async (db: Database): Promise<() => Promise<CpuTime>> => {
  const node = process.cpuUsage();
  const before = await backendsCpuMs(db);
  return async () => {
    const used = process.cpuUsage(node);
    const after = await backendsCpuMs(db);
    let postgresMs: number | undefined;
    if (before && after) {
      postgresMs = 0;
      // A backend opened meanwhile started from zero.
      for (const [pid, ms] of after) postgresMs += ms - (before.get(pid) ?? 0);
    }
    return { nodeMs: Math.round((used.user + used.system) / 1000), postgresMs };
  };
};
