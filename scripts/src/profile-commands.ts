/**
 * The command path of one tracking, driven from another process (issue 28): the API runs as its own process on a
 * fresh PostgreSQL server database (or an embedded data folder with --pglite); one client sends BUY 1 AAPL orders
 * one after another to a $1,000,000 QQQ tracking, first on the fresh tracking, then after `--fill` more BUYs (open
 * lots accumulating). Prints the p50 of each phase. `--connections 2` sends the orders on two keep-alive connections
 * in turn (with WEB_CONCURRENCY=2, to the two server processes in turn; see sequential-orders.ts). Profile or count
 * statements with BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (see server-process.ts).
 *   npx tsx scripts/src/profile-commands.ts [--orders 300] [--fill 2000] [--pglite] [--connections 1]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createServerTestDatabaseUrl } from '@etf-replicator/projections/testing';
import { type Investor, orderBody, run } from './bench-api/autocannon-load';
import { investorsOf } from './bench-api/investors';
import { sequentialOrders } from './bench-api/sequential-orders';
import { startServerProcess } from './bench-api/server-process';
import { databaseCpuMs, processCpuMs, processTree, serverQueries } from './bench-api/server-usage';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '300' },
    fill: { type: 'string', default: '2000' },
    pglite: { type: 'boolean', default: false },
    connections: { type: 'string', default: '1' },
  },
});
const CONNECTIONS = Number(values.connections);
const ORDERS = Number(values.orders);
const FILL = Number(values.fill);
const jwtSecret = randomBytes(32).toString('hex');

/** The p50 of `count` orders one after another; a refused order stops the profile. */
const p50OfOrders = async (base: string, investor: Investor, count: number) => {
  const summary = await sequentialOrders(base, investor, count, { connections: CONNECTIONS });
  if (summary.non2xx + summary.errors > 0)
    throw new Error(`${summary.non2xx + summary.errors} orders failed`);
  return summary.p50Ms;
};

/** CPU time each server process (the primary, then each cluster worker) used so far, in ms. */
const cpuByProcess = async (pid: number) =>
  Promise.all((await processTree(pid)).map((id) => processCpuMs(id).catch(() => 0)));
/** Total and per-process CPU per order between two readings, e.g. "9.5 ms each (0.1 + 9.3 + 0.1)". */
const cpuPerOrder = (before: readonly number[], after: readonly number[]) => {
  const each = after.map((ms, index) => (ms - (before[index] ?? 0)) / ORDERS);
  const total = each.reduce((sum, ms) => sum + ms, 0);
  return `${total.toFixed(1)} ms each${each.length > 1 ? ` (${each.map((ms) => ms.toFixed(1)).join(' + ')})` : ''}`;
};

const profile = async (env: Record<string, string>) => {
  const server = await startServerProcess({ ...env, JWT_SECRET: jwtSecret });
  // The PostgreSQL backends' CPU too (server store only: PGlite runs inside the server process).
  const url = env.DATABASE_URL;
  const postgresCpu = async () => (url === undefined ? undefined : databaseCpuMs(url));
  const perCommandOfPostgres = async (before: number | undefined) => {
    const after = await postgresCpu();
    if (before === undefined || after === undefined) return '';
    return `, PostgreSQL CPU ${((after - before) / ORDERS).toFixed(1)} ms each`;
  };
  try {
    const investor = await investorsOf(jwtSecret, 'QQQ').newInvestor(server.base);
    const { token, trackingId } = investor;
    await p50OfOrders(server.base, investor, 50); // warm-up
    const before = await serverQueries(server.pid);
    const pgBefore = await postgresCpu();
    const cpuBefore = await cpuByProcess(server.pid);
    const fresh = await p50OfOrders(server.base, investor, ORDERS);
    const cpuFresh = cpuPerOrder(cpuBefore, await cpuByProcess(server.pid));
    const pgFresh = await perCommandOfPostgres(pgBefore);
    const after = await serverQueries(server.pid);
    const perCommand =
      before === undefined || after === undefined
        ? ''
        : `, ${((after - before) / ORDERS).toFixed(1)} statements each`;
    console.log(
      `fresh tracking: p50 ${fresh} ms over ${ORDERS} sequential BUYs${perCommand}, server CPU ${cpuFresh}${pgFresh}`,
    );
    // --fill 0 measures the same tracking again (autocannon refuses an amount of 0).
    const filled =
      FILL > 0
        ? await run({
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
          })
        : { requests: { total: 0, average: 0 }, non2xx: 0 };
    const pgFilled = await postgresCpu();
    const cpuFilled = await cpuByProcess(server.pid);
    const long = await p50OfOrders(server.base, investor, ORDERS);
    const cpuLong = cpuPerOrder(cpuFilled, await cpuByProcess(server.pid));
    const pgLong = await perCommandOfPostgres(pgFilled);
    console.log(
      `after ${filled.requests.total} more BUYs (${filled.non2xx} non-2xx, ${Math.round(filled.requests.average)}/s): p50 ${long} ms, server CPU ${cpuLong}${pgLong}`,
    );
  } finally {
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
