/**
 * The command path of one tracking, driven from another process (issue 28): the API runs as its own process on a
 * fresh PostgreSQL server database (or an embedded data folder with --pglite); one client sends BUY 1 AAPL orders
 * one after another to a $1,000,000 QQQ tracking, first on the fresh tracking, then after `--fill` more BUYs (open
 * lots accumulating). Prints the p50 of each phase. Profile or count statements with BENCH_SERVER_NODE_ARGS, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` (see server-process.ts).
 *   npx tsx scripts/src/profile-commands.ts [--orders 300] [--fill 2000] [--pglite]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createServerTestDatabaseUrl } from '@etf-replicator/projections/testing';
import { median, orderBody, run } from './bench-api/autocannon-load';
import { startServerProcess } from './bench-api/server-process';
import { databaseCpuMs, serverCpuMs, serverQueries } from './bench-api/server-usage';
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
  // The PostgreSQL backends' CPU too (server store only: PGlite runs inside the server process).
  const url = env.DATABASE_URL;
  const postgresCpu = async () => (url === undefined ? undefined : databaseCpuMs(url));
  const perCommandOfPostgres = async (before: number | undefined) => {
    const after = await postgresCpu();
    if (before === undefined || after === undefined) return '';
    return `, PostgreSQL CPU ${((after - before) / ORDERS).toFixed(1)} ms each`;
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
    const before = await serverQueries(server.pid);
    const pgBefore = await postgresCpu();
    const cpuBefore = await serverCpuMs(server.pid);
    const fresh = await sequentialOrders(server.base, token, trackingId, ORDERS);
    const cpuFresh = ((await serverCpuMs(server.pid)) - cpuBefore) / ORDERS;
    const pgFresh = await perCommandOfPostgres(pgBefore);
    const after = await serverQueries(server.pid);
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
    const pgFilled = await postgresCpu();
    const cpuFilled = await serverCpuMs(server.pid);
    const long = await sequentialOrders(server.base, token, trackingId, ORDERS);
    const cpuLong = ((await serverCpuMs(server.pid)) - cpuFilled) / ORDERS;
    const pgLong = await perCommandOfPostgres(pgFilled);
    console.log(
      `after ${filled.requests.total} more BUYs (${filled.non2xx} non-2xx, ${Math.round(filled.requests.average)}/s): p50 ${long} ms, server CPU ${cpuLong.toFixed(1)} ms each${pgLong}`,
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
