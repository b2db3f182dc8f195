/**
 * bench:api's reads phase alone (issue 28: trackings-summary reads; `--phase commands`: its commands phase, each
 * investor sending BUY 1 AAPL to its tracking), against the server as its own process on a
 * fresh PostgreSQL server database (or an embedded data folder with --pglite): `--investors` investors each create
 * a $1,000,000 QQQ tracking (and `--trackings` - 1 more) and send `--orders` BUY orders to it; then each reads GET
 * /api/trackings/trackings-summary on its own keep-alive connection, a warm-up and `--seconds` measured, as
 * bench:api does. Prints reads/s, p50/p99, the server's CPU time per read (all its processes), that of the
 * PostgreSQL backends of its database and, with count-queries.cjs preloaded, its statements per read. Profile the server with BENCH_SERVER_NODE_ARGS, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` (see server-process.ts); WEB_CONCURRENCY=1 keeps it to one profile.
 *   npx tsx scripts/src/bench-api/reads-only.ts [--seconds 10] [--investors 50] [--trackings 1] [--orders 20]
 *                                               [--pglite] [--rounds 1] [--live] [--phase reads|commands]
 * --live first measures GET /api/health/live the same way (the HTTP stack's ceiling, and its CPU per request).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createServerTestDatabaseUrl } from '@etf-replicator/projections/testing';
import { signAccessToken } from '../cli/access-token';
import { type Investor, orderBody, perConnection, run, summarise } from './autocannon-load';
import { startServerProcess } from './server-process';
import { databaseCpuMs, serverCpuMs, serverQueries } from './server-usage';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    investors: { type: 'string', default: '50' },
    trackings: { type: 'string', default: '1' },
    orders: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '1' },
    pglite: { type: 'boolean', default: false },
    live: { type: 'boolean', default: false },
    phase: { type: 'string', default: 'reads' },
  },
});
const SECONDS = Number(values.seconds);
const INVESTORS = Number(values.investors);
const TRACKINGS = Number(values.trackings);
const ORDERS = Number(values.orders);
const ROUNDS = Number(values.rounds);
if (values.phase !== 'reads' && values.phase !== 'commands') throw new Error('--phase is reads or commands');
const PHASE = values.phase;
const jwtSecret = randomBytes(32).toString('hex');

const call = async (base: string, token: string, method: string, url: string, body?: string) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
};

const newTracking = async (base: string, token: string) => {
  const body = JSON.stringify({
    symbol: 'QQQ',
    currentReplication: { targetInvestmentAmount: '1000000', investments: [], leftoverAmount: '1000000' },
  });
  return ((await call(base, token, 'POST', '/api/trackings', body)) as { trackingId: string }).trackingId;
};

/** An investor with TRACKINGS trackings, ORDERS BUYs recorded on the first (as the commands phase leaves them). */
const newInvestor = async (base: string): Promise<Investor> => {
  const token = signAccessToken(jwtSecret, randomUUID());
  const trackingId = await newTracking(base, token);
  for (let i = 1; i < TRACKINGS; i++) await newTracking(base, token);
  const orders = `/api/trackings/${trackingId}/applyAdjustmentOrders`;
  for (let i = 0; i < ORDERS; i++) await call(base, token, 'POST', orders, orderBody('BUY'));
  return { token, trackingId };
};

const measure = async (env: Record<string, string>) => {
  const server = await startServerProcess({ ...env, JWT_SECRET: jwtSecret });
  try {
    const investors = await Promise.all(Array.from({ length: INVESTORS }, () => newInvestor(server.base)));
    if (values.live) {
      const live = { url: `${server.base}/api/health/live`, connections: INVESTORS };
      await run({ ...live, duration: 2 });
      const cpuBefore = await serverCpuMs(server.pid);
      const ceiling = summarise(await run({ ...live, duration: SECONDS }));
      const cpuPerRequest = ((await serverCpuMs(server.pid)) - cpuBefore) / Math.max(ceiling.requests, 1);
      console.log(
        `live: ${ceiling.requestsPerSec} GET /api/health/live/s, p99 ${ceiling.p99Ms} ms, ` +
          `server CPU ${(cpuPerRequest * 1000).toFixed(0)} µs per request`,
      );
    }
    const summary = () => ({ method: 'GET' as const, path: '/api/trackings/trackings-summary' });
    const execute = (investor: Investor) => ({
      method: 'POST' as const,
      path: `/api/trackings/${investor.trackingId}/applyAdjustmentOrders`,
      body: orderBody('BUY'),
    });
    const request = PHASE === 'reads' ? summary : execute;
    await perConnection(server.base, investors, request, { duration: 2 }); // warm-up
    for (let round = 1; round <= ROUNDS; round++) {
      const cpuBefore = await serverCpuMs(server.pid);
      const dbCpuBefore = env.DATABASE_URL ? await databaseCpuMs(env.DATABASE_URL) : 0;
      const queriesBefore = await serverQueries(server.pid);
      const reads = await perConnection(server.base, investors, request, { duration: SECONDS });
      const cpuPerRead = ((await serverCpuMs(server.pid)) - cpuBefore) / Math.max(reads.requests, 1);
      const dbCpuPerRead = env.DATABASE_URL
        ? ((await databaseCpuMs(env.DATABASE_URL)) - dbCpuBefore) / Math.max(reads.requests, 1)
        : 0;
      const queriesAfter = await serverQueries(server.pid);
      const statements =
        queriesBefore === undefined || queriesAfter === undefined
          ? ''
          : `, ${((queriesAfter - queriesBefore) / Math.max(reads.requests, 1)).toFixed(2)} statements each`;
      console.log(
        `round ${round}: ${reads.requestsPerSec} ${PHASE}/s, p50 ${reads.p50Ms} ms, p99 ${reads.p99Ms} ms ` +
          `(${reads.requests} reads, ${reads.non2xx} non-2xx, ${reads.errors} errors), ` +
          `server CPU ${(cpuPerRead * 1000).toFixed(0)} µs each` +
          (env.DATABASE_URL ? `, PostgreSQL CPU ${(dbCpuPerRead * 1000).toFixed(0)} µs each` : '') +
          statements,
      );
    }
  } finally {
    await server.stop();
  }
};

if (values.pglite) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'etf-reads-only-'));
  try {
    await measure({ DATA_DIR: dataDir });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
} else {
  const { url, drop } = await createServerTestDatabaseUrl();
  try {
    await measure({ DATABASE_URL: url });
  } finally {
    await drop();
  }
}
