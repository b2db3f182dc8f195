/**
 * Projection rebuilds alone, without the HTTP load of bench:api: a fresh PostgreSQL server database and/or a fresh
 * embedded data folder, the bundled market data (the ETF snapshots every tracking derives from), `--events`
 * synthetic tracking events (scripts/src/bench-api/synthetic-log.ts, as bench:api appends), then each projector
 * rebuilt `--runs` times, one after the other, with its events per second.
 * `--long-stream` orders (default 10,000) make one more tracking, of as many open lots, as bench:api's log has one.
 *   npm run bench:rebuild -- [--events 30000] [--long-stream 10000] [--runs 1] [--only postgres|pglite] [--pglite]
 *                            [--projection trackings --projection tracking_history] [--out FILE.json]
 *                            [--profile DIR] [--batch-size 1000 --batch-size 5000] [--database-url URL]
 * `--database-url URL` rebuilds the log an existing server database holds (bench:api --keep leaves one) instead of a
 * generated one; nothing is appended to it.
 * `--profile DIR` writes a V8 CPU profile of each rebuild alone (not the set-up), as
 * DIR/rebuild-STORE-PROJECTION-RUN.cpuprofile: summarise it with `npx tsx scripts/src/profile-summary.ts FILE`.
 * Compare figures within one run only (the machine is shared).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectors } from '@etf-replicator/api';
import { readCommittedTail } from '@etf-replicator/api/event-store/postgres/committed-tail';
import { createPostgresEventStore } from '@etf-replicator/api/event-store/postgres/postgres-event-store';
import { importBundledMarketData } from '@etf-replicator/api/market-data/import-bundled';
import {
  type Database,
  migrateReadModels,
  openDatabase,
  rebuildProjection,
} from '@etf-replicator/projections';
import { createServerTestDatabaseUrl, probeServer } from '@etf-replicator/projections/testing';
import { appendSyntheticTrackings } from './bench-api/synthetic-log';
import { startCpuClock } from './bench-rebuild/cpu-time';
import { appendLongStream } from './bench-rebuild/long-stream';
import { profiled } from './bench-rebuild/profiled';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '30000' },
    'long-stream': { type: 'string', default: '10000' },
    runs: { type: 'string', default: '1' },
    only: { type: 'string' },
    pglite: { type: 'boolean', default: false },
    projection: { type: 'string', multiple: true },
    out: { type: 'string' },
    profile: { type: 'string' },
    'batch-size': { type: 'string', multiple: true },
    'database-url': { type: 'string' },
  },
});
const EVENTS = Number(values.events);
const LONG_STREAM = Number(values['long-stream']);
const RUNS = Number(values.runs);
/** Each run rebuilds once per page size given (back to back, to compare them); the default page otherwise. */
const BATCH_SIZES: readonly (number | undefined)[] = values['batch-size']?.map(Number) ?? [undefined];
const ONLY = values['database-url'] ? 'postgres' : values.pglite ? 'pglite' : values.only;
/** bench:api's order: the history first, then the trackings. */
const NAMES = values.projection ?? ['tracking_history', 'trackings'];
const selected = NAMES.map((name) => {
  const projector = projectors.find((p) => p.name === name);
  if (!projector) throw new Error(`No projector ${name}; known: ${projectors.map((p) => p.name).join(', ')}`);
  return projector;
});

type Measured = {
  store: string;
  projection: string;
  run: number;
  events: number;
  eventsPerSecond: number;
  /** CPU time of this process (PGlite included) and of the server's backends on this database, per 1,000 events. */
  nodeCpuMsPer1k: number;
  postgresCpuMsPer1k: number | undefined;
  /** events / (Node + PostgreSQL CPU seconds): what the load disturbs least (the two overlap a little). */
  eventsPerCpuSecond: number | undefined;
};

const per1k = (ms: number, events: number) => Math.round((ms / Math.max(events, 1)) * 1000 * 100) / 100;

/** The bundled market data, EVENTS synthetic tracking events and the long stream, as bench:api's log has them. */
const generateLog = async (
  db: Database,
  eventStore: Awaited<ReturnType<typeof createPostgresEventStore>>,
) => {
  await importBundledMarketData({ db, eventStore });
  await appendSyntheticTrackings(eventStore, {
    total: EVENTS,
    symbol: 'QQQ',
    buySymbols: ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL'],
    price: '200.00',
  });
  if (LONG_STREAM > 0)
    await appendLongStream(eventStore, {
      orders: LONG_STREAM,
      symbol: 'QQQ',
      buySymbol: 'AAPL',
      price: '200.00',
    });
};

const measureStore = async (
  store: 'postgres' | 'pglite',
  connection: { url: string } | { dataDir: string },
) => {
  const db = await openDatabase(connection);
  const measured: Measured[] = [];
  try {
    await migrateReadModels(db);
    // No inline projectors: the log is written as bench:api's is, the read models come from the rebuilds.
    const eventStore = await createPostgresEventStore(db);
    try {
      if (!values['database-url']) await generateLog(db, eventStore);

      for (let run = 1; run <= RUNS; run++) {
        for (const projector of selected)
          for (const batchSize of BATCH_SIZES) {
            let result: Awaited<ReturnType<typeof rebuildProjection>> | undefined;
            const cpuSince = await startCpuClock(db);
            const label = `${projector.name}${batchSize ? `-${batchSize}` : ''}`;
            await profiled(values.profile, `${store}-${label}-${run}`, async () => {
              result = await rebuildProjection({
                db,
                eventStore,
                projector,
                readCommittedTail,
                ...(batchSize ? { batchSize } : {}),
              });
            });
            const cpu = await cpuSince();
            if (result) {
              const events = result.applied;
              const row = {
                store,
                projection: label,
                run,
                events,
                eventsPerSecond: result.eventsPerSecond,
                nodeCpuMsPer1k: per1k(cpu.nodeMs, events),
                postgresCpuMsPer1k: cpu.postgresMs === undefined ? undefined : per1k(cpu.postgresMs, events),
                eventsPerCpuSecond:
                  cpu.postgresMs === undefined
                    ? undefined
                    : Math.round(events / ((cpu.nodeMs + cpu.postgresMs) / 1000)),
              };
              measured.push(row);
              console.error(
                `${store}: ${label} run ${run}: ${row.events} events, ${row.eventsPerSecond} ev/s, CPU per 1k` +
                  ` events ${row.nodeCpuMsPer1k} ms Node + ${row.postgresCpuMsPer1k} ms PostgreSQL` +
                  ` (${row.eventsPerCpuSecond} events per CPU second; load ${loadavg()[0]?.toFixed(2)})`,
              );
            }
          }
      }
    } finally {
      await eventStore.close();
    }
  } finally {
    await db.close();
  }
  return measured;
};

const startLoad = loadavg();
const results: Measured[] = [];
if (ONLY !== 'pglite') {
  const unreachable = await probeServer();
  if (unreachable) console.warn(`PostgreSQL server not reachable (${unreachable}): server figures skipped`);
  else if (values['database-url'])
    results.push(...(await measureStore('postgres', { url: values['database-url'] })));
  else {
    const { url, drop } = await createServerTestDatabaseUrl();
    try {
      results.push(...(await measureStore('postgres', { url })));
    } finally {
      await drop();
    }
  }
}
if (ONLY !== 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'etf-bench-rebuild-'));
  try {
    results.push(...(await measureStore('pglite', { dataDir })));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.table(results);
console.log(
  `load average at start ${startLoad.map((l) => l.toFixed(2)).join(' ')}, at end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (values.out) {
  await mkdir(path.dirname(path.resolve(values.out)), { recursive: true });
  const machine = { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadavg: startLoad };
  await writeFile(
    values.out,
    `${JSON.stringify({ date: new Date().toISOString(), machine, events: EVENTS, results }, null, 2)}\n`,
  );
  console.log(`Wrote ${values.out}`);
}
