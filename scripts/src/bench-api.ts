/**
 * Command and read throughput through HTTP, and projection rebuild speed, on the PostgreSQL server and on the
 * embedded store. Starts a real server per store on a free port; compare stores within one run.
 *   npm run bench:api -- [--out FILE.json] [--events 100000] [--seconds 5]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildApp,
  loadConfig,
  openInfrastructure,
  projectors,
  waitForProjectionsToCatchUp,
} from '@etf-replicator/api';
import { importMarketDataAtStart } from '@etf-replicator/api/market-data/import-at-start';
import { rebuildProjection } from '@etf-replicator/projections';
import { createServerTestDatabaseUrl, probeServer } from '@etf-replicator/projections/testing';
import { trackingHistoryProjector } from '@etf-replicator/projections/tracking-history/projector';
import { trackingsProjector } from '@etf-replicator/projections/trackings/projector';
import pino from 'pino';
import { runLoad } from './bench-api/http-load';
import { appendSyntheticTrackings } from './bench-api/synthetic-log';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    events: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
  },
});
const EVENTS = Number(values.events);
const DURATION_MS = Number(values.seconds) * 1000;
const ETF = 'QQQ';

const benchStore = async (store: 'postgres' | 'pglite', env: Record<string, string>) => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env });
  const logger = pino({ level: 'warn' });
  const infrastructure = await openInfrastructure(config, { projectors, logger });
  await importMarketDataAtStart(infrastructure, logger);
  const app = await buildApp({ config, infrastructure, jwtSecret: randomBytes(32).toString('hex') });
  await app.ready();
  await waitForProjectionsToCatchUp(infrastructure);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const investor = () => {
      const userId = randomUUID();
      const token = app.signAccessToken({
        sub: `${userId}@bench.local`,
        userId,
        roles: [{ authority: 'ROLE_USER' }],
      });
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const post = (url: string, body: object) =>
        fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { headers, post };
    };
    const newTracking = async () => {
      const user = investor();
      const response = await user.post('/api/trackings', {
        symbol: ETF,
        currentReplication: { targetInvestmentAmount: '1000000', investments: [], leftoverAmount: '1000000' },
      });
      const { trackingId } = (await response.json()) as { trackingId: string };
      return { ...user, trackingId };
    };
    const order = (user: Awaited<ReturnType<typeof newTracking>>) =>
      user.post(`/api/trackings/${user.trackingId}/applyAdjustmentOrders`, {
        symbol: 'AAPL',
        shares: '1',
        orderType: 'BUY',
      });

    const single = await newTracking();
    await runLoad({ workers: 1, perWorker: 10, request: () => order(single) }); // warm-up
    const oneTracking = await runLoad({ workers: 1, durationMs: DURATION_MS, request: () => order(single) });
    const many = await Promise.all(Array.from({ length: 50 }, () => newTracking()));
    const fiftyTrackings = await runLoad({
      workers: 50,
      durationMs: DURATION_MS,
      request: (worker) => order(many[worker] as never),
    });
    const reads = await runLoad({
      workers: 20,
      durationMs: DURATION_MS,
      request: (worker) =>
        fetch(`${base}/api/trackings/trackings-summary`, { headers: many[worker]?.headers ?? {} }),
    });

    await appendSyntheticTrackings(infrastructure.eventStore, {
      total: EVENTS,
      symbol: ETF,
      buySymbols: ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL'],
      price: '200.00',
    });
    // Let the live projections take in the synthetic log first, so the rebuild replays all of it.
    const head = await infrastructure.eventStore.headPosition();
    if (head) await infrastructure.projections.waitForPosition(head, { timeoutMs: 600_000 });
    const rebuilds = [];
    for (const projector of [trackingHistoryProjector, trackingsProjector]) {
      const result = await rebuildProjection({
        db: infrastructure.db,
        eventStore: infrastructure.eventStore,
        projector,
      });
      rebuilds.push({
        projection: result.projection,
        events: result.applied,
        eventsPerSecond: result.eventsPerSecond,
      });
      console.error(
        `${store}: rebuilt ${result.projection}: ${result.applied} events, ${result.eventsPerSecond} ev/s`,
      );
    }
    return {
      store,
      commandsPerSec: fiftyTrackings.perSecond,
      commandP99Ms: fiftyTrackings.p99Ms,
      readsPerSec: reads.perSecond,
      readP99Ms: reads.p99Ms,
      rebuildEventsPerSec: rebuilds.find((r) => r.projection === 'trackings')?.eventsPerSecond ?? 0,
      details: { oneTracking, fiftyTrackings, reads, rebuilds },
    };
  } finally {
    await app.close();
    await infrastructure.close();
  }
};

const results = [];
if (await probeServer()) {
  console.warn('PostgreSQL server not reachable: server figures skipped');
} else {
  const { url, drop } = await createServerTestDatabaseUrl();
  try {
    results.push(await benchStore('postgres', { DATABASE_URL: url }));
  } finally {
    await drop();
  }
}
const dataDir = await mkdtemp(path.join(tmpdir(), 'etf-bench-api-'));
try {
  results.push(await benchStore('pglite', { DATA_DIR: dataDir }));
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await rm(`${path.join(dataDir, 'pglite')}.lock`, { force: true });
}

console.table(results.map(({ details: _details, ...row }) => row));
for (const result of results) {
  console.table(
    Object.entries({
      '1 tracking': result.details.oneTracking,
      '50 trackings': result.details.fiftyTrackings,
      summary: result.details.reads,
    }).map(([load, r]) => ({
      store: result.store,
      load,
      perSecond: r.perSecond,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      errors: r.errors,
    })),
  );
}
if (values.out) {
  await mkdir(path.dirname(path.resolve(values.out)), { recursive: true });
  await writeFile(
    values.out,
    `${JSON.stringify({ date: new Date().toISOString(), etf: ETF, events: EVENTS, results }, null, 2)}\n`,
  );
  console.log(`Wrote ${values.out}`);
}
