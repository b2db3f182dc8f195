/**
 * The command path of one tracking, driven from another process (issue 28): the API runs as its own process on a
 * fresh PostgreSQL server database (or an embedded data folder with --pglite); one client sends BUY 1 AAPL orders
 * one after another to a $1,000,000 QQQ tracking, first on the fresh tracking, then after `--fill` more BUYs (open
 * lots accumulating). Prints the p50 of each phase. Profile or count statements with BENCH_SERVER_NODE_ARGS, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` (see server-process.ts).
 *   npx tsx scripts/src/profile-commands.ts [--orders 300] [--fill 2000] [--pglite]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@etf-replicator/projections';
import { createServerTestDatabaseUrl } from '@etf-replicator/projections/testing';
import { sql } from 'slonik';
import { z } from 'zod';
import { median, orderBody, run } from './bench-api/autocannon-load';
import { startServerProcess } from './bench-api/server-process';
import { signAccessToken } from './cli/access-token';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '300' },
    fill: { type: 'string', default: '2000' },
    pglite: { type: 'boolean', default: false },
  },
});
const ORDERS = Number(values.orders);
const FILL = Number(values.fill);
const jwtSecret = randomBytes(32).toString('hex');

/** CPU time a process used so far (user + system, Linux /proc; clock ticks of 10 ms); 0 once it is gone. */
const serverCpuMs = async (pid: number): Promise<number> => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
};

/**
 * CPU time of the PostgreSQL backends serving the benchmark's database (its pool's connections, found in
 * pg_stat_activity; the asking connection left out), so the server's share of a command is measured too, not only
 * Node's. Undefined on the embedded store (PGlite runs inside the server process).
 */
const postgresCpu = async (url: string | undefined) => {
  if (url === undefined) return undefined;
  const db = await openDatabase({ url, maximumPoolSize: 1 });
  const backends = async () =>
    db.pool.anyFirst(sql.type(z.object({ pid: z.number() }))`
      select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
  return {
    /** CPU of the backends now serving the database, and their pids (compare the same pids later). */
    sample: async (pids?: readonly number[]) => {
      const now = pids ?? (await backends());
      const times = await Promise.all(now.map((pid) => serverCpuMs(pid)));
      return { pids: now, ms: times.reduce((sum, ms) => sum + ms, 0) };
    },
    close: () => db.close(),
  };
};

/** The statements the server sent so far, when it runs with count-queries.cjs preloaded; else undefined. */
const queryCount = async (pid: number): Promise<number | undefined> => {
  if (!(process.env.BENCH_SERVER_NODE_ARGS ?? '').includes('count-queries')) return undefined;
  const file = path.join(tmpdir(), `etf-query-count-${pid}`);
  await rm(file, { force: true });
  await writeFile(`${file}.ask`, '');
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (text) return Number(text);
    await new Promise((resolve) => setImmediate(resolve));
  }
};

const sequentialOrders = async (base: string, token: string, trackingId: string, count: number) => {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/trackings/${trackingId}/applyAdjustmentOrders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: orderBody('BUY'),
    });
    await response.text();
    if (!response.ok) throw new Error(`BUY answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return Math.round(median(times) * 100) / 100;
};

const profile = async (env: Record<string, string>) => {
  const server = await startServerProcess({ ...env, JWT_SECRET: jwtSecret });
  const postgres = await postgresCpu(env.DATABASE_URL);
  const perCommandOfPostgres = async (before: { pids: readonly number[]; ms: number } | undefined) => {
    if (!postgres || !before) return '';
    const after = await postgres.sample(before.pids);
    return `, PostgreSQL CPU ${((after.ms - before.ms) / ORDERS).toFixed(1)} ms each (${before.pids.length} backends)`;
  };
  try {
    const token = signAccessToken(jwtSecret, randomUUID());
    const created = await fetch(`${server.base}/api/trackings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        symbol: 'QQQ',
        currentReplication: { targetInvestmentAmount: '1000000', investments: [], leftoverAmount: '1000000' },
      }),
    });
    const { trackingId } = (await created.json()) as { trackingId: string };
    await sequentialOrders(server.base, token, trackingId, 50); // warm-up
    const before = await queryCount(server.pid);
    const pgBefore = await postgres?.sample();
    const cpuBefore = await serverCpuMs(server.pid);
    const fresh = await sequentialOrders(server.base, token, trackingId, ORDERS);
    const cpuFresh = ((await serverCpuMs(server.pid)) - cpuBefore) / ORDERS;
    const pgFresh = await perCommandOfPostgres(pgBefore);
    const after = await queryCount(server.pid);
    const perCommand =
      before === undefined || after === undefined
        ? ''
        : `, ${((after - before) / ORDERS).toFixed(1)} statements each`;
    console.log(
      `fresh tracking: p50 ${fresh} ms over ${ORDERS} sequential BUYs${perCommand}, server CPU ${cpuFresh.toFixed(1)} ms each${pgFresh}`,
    );
    const filled = await run({
      url: server.base,
      connections: 1,
      amount: FILL,
      requests: [
        {
          method: 'POST',
          path: `/api/trackings/${trackingId}/applyAdjustmentOrders`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: orderBody('BUY'),
        },
      ],
    });
    const pgFilled = await postgres?.sample();
    const cpuFilled = await serverCpuMs(server.pid);
    const long = await sequentialOrders(server.base, token, trackingId, ORDERS);
    const cpuLong = ((await serverCpuMs(server.pid)) - cpuFilled) / ORDERS;
    const pgLong = await perCommandOfPostgres(pgFilled);
    console.log(
      `after ${filled.requests.total} more BUYs (${filled.non2xx} non-2xx, ${Math.round(filled.requests.average)}/s): p50 ${long} ms, server CPU ${cpuLong.toFixed(1)} ms each${pgLong}`,
    );
  } finally {
    await postgres?.close();
    await server.stop();
  }
};

if (values.pglite) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'etf-profile-commands-'));
  try {
    await profile({ DATA_DIR: dataDir });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
} else {
  const { url, drop } = await createServerTestDatabaseUrl();
  try {
    await profile({ DATABASE_URL: url });
  } finally {
    await drop();
  }
}
