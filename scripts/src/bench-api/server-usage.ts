import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@etf-replicator/projections';
import { sql } from 'slonik';
import { z } from 'zod';

/**
 * What a server process (and, with WEB_CONCURRENCY > 1, its cluster workers) used so far, read from outside it:
 * CPU time from Linux /proc, statements from count-queries.cjs when it is preloaded.
 */

/** The process and its live children (the cluster's workers), from /proc. */
export const processTree = async (pid: number): Promise<number[]> => {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const ids = children.split(' ').filter(Boolean).map(Number);
  return [pid, ...(await Promise.all(ids.map(processTree))).flat()];
};

/** CPU time (user + system) one process used so far, in ms (clock ticks of 10 ms); throws once it is gone. */
export const processCpuMs = async (pid: number): Promise<number> => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // After the command name (which may hold spaces, inside parentheses) utime and stime are the 12th and 13th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** CPU time the server and its workers used so far, in ms. */
export const serverCpuMs = async (pid: number): Promise<number> => {
  const all = await Promise.all((await processTree(pid)).map((id) => processCpuMs(id).catch(() => 0)));
  return all.reduce((sum, ms) => sum + ms, 0);
};

/** Whether the server runs with count-queries.cjs preloaded (BENCH_SERVER_NODE_ARGS). */
export const countingQueries = () => (process.env.BENCH_SERVER_NODE_ARGS ?? '').includes('count-queries');

/** The statements one process sent so far (asked through a file: the server treats signals as shutdown). */
const processQueries = async (pid: number): Promise<number> => {
  const file = path.join(tmpdir(), `etf-query-count-${pid}`);
  await rm(file, { force: true });
  await writeFile(`${file}.ask`, '');
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (text) return Number(text);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/**
 * The statements the server and its workers sent so far, or undefined without count-queries.cjs. The primary of a
 * cluster answers too (it opens no pool: 0).
 */
export const serverQueries = async (pid: number): Promise<number | undefined> => {
  if (!countingQueries()) return undefined;
  const all = await Promise.all((await processTree(pid)).map(processQueries));
  return all.reduce((sum, n) => sum + n, 0);
};

/**
 * CPU time the PostgreSQL backends serving `url`'s database used so far, in ms: the server's pool connections are
 * long-lived, so the same backends serve a whole measurement (a backend that left since is not counted; the
 * PostgreSQL server must run on this machine). Other databases' backends (other tests) are left out.
 */
export const databaseCpuMs = async (url: string): Promise<number> => {
  const db = await openDatabase({ url, maximumPoolSize: 1 });
  try {
    const pids = await db.pool.anyFirst(sql.type(z.object({ pid: z.number() }))`
      select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    const all = await Promise.all(pids.map((pid) => processCpuMs(pid).catch(() => 0)));
    return all.reduce((sum, ms) => sum + ms, 0);
  } finally {
    await db.close();
  }
};
