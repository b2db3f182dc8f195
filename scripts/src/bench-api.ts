/**
 * The write and read path under load, measured the way a client sees it: the server runs as its own process (the
 * `npm start` entry point) on a fresh PostgreSQL server database and on a fresh embedded data folder, and autocannon
 * drives it from this process with keep-alive connections, after a warm-up. Projection rebuilds are measured with
 * the server stopped, over the log the load left plus a synthetic one.
 * The long-stream phase fills one tracking with `--long-stream` BUY orders (open lots accumulating), within
 * `--long-stream-minutes` (the orders recorded by then are the stream measured, reported as longStreamOrders); one
 * client then sends orders to a fresh tracking and to the long one on one connection (commandP50MsSingleClient,
 * longStreamP50Ratio) and on two in turn (the *Alternating figures; see sequential-orders.ts).
 *   npm run bench:api -- [--out FILE.json] [--events 100000] [--seconds 10] [--only postgres|pglite]
 *                        [--long-stream 10000] [--long-stream-minutes 8] [--profile DIR]
 * `--profile DIR` writes a V8 CPU profile of each rebuild (bench-rebuild/profiled.ts). `--keep` leaves the server
 * database (its URL printed) for rebuilding again by hand, e.g. with pg_stat_statements on.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, projectors } from '@etf-replicator/api';
import { readCommittedTail } from '@etf-replicator/api/event-store/postgres/committed-tail';
import { createPostgresEventStore } from '@etf-replicator/api/event-store/postgres/postgres-event-store';
import { migrateReadModels, openDatabase, rebuildProjection } from '@etf-replicator/projections';
import { createServerTestDatabaseUrl, probeServer } from '@etf-replicator/projections/testing';
import {
  type Investor,
  median,
  orderBody,
  perConnection,
  run,
  type Summary,
  summarise,
} from './bench-api/autocannon-load';
import { apiCall, investorsOf } from './bench-api/investors';
import { measurePortfolioRead, recordPaidPlan } from './bench-api/portfolio-read';
import { sequentialOrders } from './bench-api/sequential-orders';
import { serverNodeVersion, startServerProcess } from './bench-api/server-process';
import { appendSyntheticTrackings } from './bench-api/synthetic-log';
import { startCpuClock } from './bench-rebuild/cpu-time';
import { profiled } from './bench-rebuild/profiled';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    events: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string' },
    'long-stream': { type: 'string', default: '10000' },
    'long-stream-minutes': { type: 'string', default: '8' },
    profile: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const SECONDS = Number(values.seconds);
const LONG_STREAM = Number(values['long-stream']);
const LONG_STREAM_MS = Number(values['long-stream-minutes']) * 60_000;
/** Orders measured one after another on the fresh and on the long tracking. */
const MEASURED_ORDERS = 500;
const ETF = 'QQQ';
const TRACKINGS = 50;
const jwtSecret = randomBytes(32).toString('hex');

const { accessToken, newInvestor } = investorsOf(jwtSecret, ETF);

const measureStore = async (store: 'postgres' | 'pglite', env: Record<string, string>) => {
  const portfolioInvestor = randomUUID();
  await recordPaidPlan(env, portfolioInvestor);
  const server = await startServerProcess({ ...env, JWT_SECRET: jwtSecret });
  const { base } = server;
  let load: Record<string, Summary> = {};
  let batchExecute30Ms = 0;
  let longStreamP50Ratio = 0;
  let longStreamOrders = 0;
  let liveReqPerSec = 0;
  let commandP50MsSingleClient = 0;
  let commandP50MsAlternating = 0;
  let longStreamP50RatioAlternating = 0;
  let portfolio: Awaited<ReturnType<typeof measurePortfolioRead>> | undefined;
  try {
    // The HTTP stack's ceiling on this machine: every other figure can be read as a share of it.
    const liveLoad = { url: `${base}/api/health/live`, connections: TRACKINGS };
    await run({ ...liveLoad, duration: 2 });
    liveReqPerSec = summarise(await run({ ...liveLoad, duration: SECONDS })).requestsPerSec;
    console.error(`${store}: ${liveReqPerSec} GET /api/health/live per second`);

    const investors = await Promise.all(Array.from({ length: TRACKINGS }, () => newInvestor(base)));
    const execute = (investor: Investor) => ({
      method: 'POST' as const,
      path: `/api/trackings/${investor.trackingId}/applyAdjustmentOrders`,
      body: orderBody('BUY'),
    });
    await perConnection(base, investors, execute, { duration: 3 }); // warm-up
    const commands = await perConnection(base, investors, execute, { duration: SECONDS });
    console.error(`${store}: ${commands.requestsPerSec} commands/s, p99 ${commands.p99Ms} ms`);
    const summary = () => ({ method: 'GET' as const, path: '/api/trackings/trackings-summary' });
    await perConnection(base, investors, summary, { duration: 2 });
    const reads = await perConnection(base, investors, summary, { duration: SECONDS });
    console.error(`${store}: ${reads.requestsPerSec} reads/s, p99 ${reads.p99Ms} ms`);

    // One request recording 30 orders (30 holdings of the ETF), sequentially, 20 times.
    const batcher = await newInvestor(base);
    const holdings = (await apiCall(
      base,
      accessToken(randomUUID(), 'PRO'),
      'GET',
      `/api/etf/etf-holdings?etfSymbol=${ETF}`,
    )) as { asset: string; price: string | null }[];
    const symbols = holdings.flatMap((h) => (h.price ? [h.asset] : [])).slice(0, 30);
    if (symbols.length < 30) throw new Error(`Only ${symbols.length} priced holdings of ${ETF} found`);
    const batchTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await apiCall(
        base,
        batcher.token,
        'POST',
        `/api/trackings/${batcher.trackingId}/applyAdjustmentOrders`,
        symbols.map((symbol) => ({ symbol, shares: '1', orderType: 'BUY' })),
      );
      batchTimes.push(performance.now() - started);
    }
    batchExecute30Ms = Math.round(median(batchTimes) * 10) / 10;
    console.error(`${store}: 30 orders in one request: p50 ${batchExecute30Ms} ms`);

    // One client sending BUY 1 AAPL orders one after another (as an investor executing orders one by one), on a
    // fresh tracking and on one holding LONG_STREAM open lots (each BUY opens one).
    const buys = (investor: Investor, amount: number) =>
      run({
        url: base,
        connections: 1,
        amount,
        requests: [
          {
            method: 'POST' as const,
            path: `/api/trackings/${investor.trackingId}/applyAdjustmentOrders`,
            headers: { authorization: `Bearer ${investor.token}`, 'content-type': 'application/json' },
            body: orderBody('BUY'),
          },
        ],
      });
    const long = await newInvestor(base);
    const fillStarted = Date.now();
    let fillFailures = 0;
    while (longStreamOrders < LONG_STREAM && Date.now() - fillStarted < LONG_STREAM_MS) {
      const filled = await buys(long, Math.min(500, LONG_STREAM - longStreamOrders));
      longStreamOrders += filled.requests.total - filled.non2xx;
      fillFailures += filled.non2xx;
    }
    console.error(
      `${store}: long stream filled with ${longStreamOrders} BUY orders (${fillFailures} non-2xx) in ${Math.round((Date.now() - fillStarted) / 1000)} s`,
    );
    const fresh = await newInvestor(base);
    const ratio = (long: Summary, fresh: Summary) =>
      Math.round((long.p50Ms / Math.max(fresh.p50Ms, 0.01)) * 100) / 100;
    const onFresh = await sequentialOrders(base, fresh, MEASURED_ORDERS);
    const onLong = await sequentialOrders(base, long, MEASURED_ORDERS);
    const alternating = { connections: 2 };
    const onFreshAlternating = await sequentialOrders(base, fresh, MEASURED_ORDERS, alternating);
    const onLongAlternating = await sequentialOrders(base, long, MEASURED_ORDERS, alternating);
    commandP50MsSingleClient = onFresh.p50Ms;
    longStreamP50Ratio = ratio(onLong, onFresh);
    commandP50MsAlternating = onFreshAlternating.p50Ms;
    longStreamP50RatioAlternating = ratio(onLongAlternating, onFreshAlternating);
    console.error(
      `${store}: single client p50 ${onFresh.p50Ms} ms (fresh tracking), ${onLong.p50Ms} ms with ${longStreamOrders} open lots; on two connections in turn ${onFreshAlternating.p50Ms} / ${onLongAlternating.p50Ms} ms`,
    );
    load = {
      commands,
      reads,
      longStreamCommands: onLong,
      freshStreamCommands: onFresh,
      longStreamAlternating: onLongAlternating,
      freshStreamAlternating: onFreshAlternating,
    };

    portfolio = await measurePortfolioRead(base, accessToken(portfolioInvestor, 'PRO'), SECONDS);
    console.error(
      `${store}: portfolio of 10 trackings (${portfolio.holdings} stocks): p99 ${portfolio.read.p99Ms} ms, first read after a command p50 ${portfolio.coldReadP50Ms} ms`,
    );
  } finally {
    await server.stop();
  }

  // Rebuilds, server stopped: the log the load left plus EVENTS synthetic tracking events.
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const db = await openDatabase(
    config.readModels.kind === 'postgres'
      ? { url: config.readModels.url }
      : { dataDir: config.readModels.dataDir },
  );
  const rebuilds: Record<string, { events: number; eventsPerSecond: number }> = {};
  try {
    await migrateReadModels(db);
    const raw = await createPostgresEventStore(db);
    await appendSyntheticTrackings(raw, {
      total: EVENTS,
      symbol: ETF,
      buySymbols: ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL'],
      price: '200.00',
    });
    for (const name of ['tracking_history', 'trackings']) {
      const projector = projectors.find((p) => p.name === name);
      if (!projector) throw new Error(`No projector ${name}`);
      let result: Awaited<ReturnType<typeof rebuildProjection>> | undefined;
      const cpuSince = await startCpuClock(db);
      await profiled(values.profile, `${store}-${name}`, async () => {
        result = await rebuildProjection({ db, eventStore: raw, projector, readCommittedTail });
      });
      const cpu = await cpuSince();
      if (!result) throw new Error(`The ${name} rebuild returned nothing`);
      rebuilds[name] = { events: result.applied, eventsPerSecond: result.eventsPerSecond };
      const per1k = (ms: number | undefined) =>
        ms === undefined ? '?' : (ms / (result!.applied / 1000)).toFixed(1);
      console.error(
        `${store}: rebuilt ${name}: ${result.applied} events, ${result.eventsPerSecond} ev/s, CPU per 1k events` +
          ` ${per1k(cpu.nodeMs)} ms Node + ${per1k(cpu.postgresMs)} ms PostgreSQL`,
      );
    }
    await raw.close();
  } finally {
    await db.close();
  }

  return {
    store,
    commandsPerSec: load.commands?.requestsPerSec ?? 0,
    commandP99Ms: load.commands?.p99Ms ?? 0,
    readsPerSec: load.reads?.requestsPerSec ?? 0,
    readP99Ms: load.reads?.p99Ms ?? 0,
    rebuildEventsPerSec: rebuilds.trackings?.eventsPerSecond ?? 0,
    historyRebuildEventsPerSec: rebuilds.tracking_history?.eventsPerSecond ?? 0,
    batchExecute30Ms,
    liveReqPerSec,
    commandP50MsSingleClient,
    longStreamP50Ratio,
    commandP50MsAlternating,
    longStreamP50RatioAlternating,
    longStreamOrders,
    portfolioReadP99Ms: portfolio?.read.p99Ms ?? 0,
    portfolioColdReadP50Ms: portfolio?.coldReadP50Ms ?? 0,
    details: { load, rebuilds, portfolio },
  };
};

const results = [];
if (values.only !== 'pglite') {
  if (await probeServer()) {
    console.warn('PostgreSQL server not reachable: server figures skipped');
  } else {
    const { url, drop } = await createServerTestDatabaseUrl();
    try {
      results.push(await measureStore('postgres', { DATABASE_URL: url }));
    } finally {
      if (values.keep) console.error(`Kept the server database: ${url}`);
      else await drop();
    }
  }
}
if (values.only !== 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'etf-bench-api-'));
  try {
    results.push(await measureStore('pglite', { DATA_DIR: dataDir }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.table(results.map(({ details: _details, ...row }) => row));
if (values.out) {
  await mkdir(path.dirname(path.resolve(values.out)), { recursive: true });
  const machine = {
    cores: cpus().length,
    cpu: cpus()[0]?.model,
    node: process.version,
    serverNode: serverNodeVersion(),
  };
  await writeFile(
    values.out,
    `${JSON.stringify({ date: new Date().toISOString(), machine, etf: ETF, events: EVENTS, seconds: SECONDS, results }, null, 2)}\n`,
  );
  console.log(`Wrote ${values.out}`);
}
