/**
 * Event-log throughput on PGlite (in-process, data folder) and on the PostgreSQL server, through the real adapter,
 * each store measured with group commit (the default) and without it (every append its own transaction, as before
 * issue 28), on fresh databases in the same run.
 *   npm run bench:eventstore -- [--out FILE.json] [--single 2000] [--batches 200]
 * Numbers are events per second; compare rows within one run (machines are noisy).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPostgresEventStore } from '@etf-replicator/api/event-store/postgres/postgres-event-store';
import type { EventStore, Position } from '@etf-replicator/core';
import { type Database, openDatabase } from '@etf-replicator/projections';
import { createServerTestDatabaseUrl, probeServer } from '@etf-replicator/projections/testing';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    single: { type: 'string', default: '2000' },
    batches: { type: 'string', default: '200' },
  },
});
const SINGLE = Number(values.single);
const BATCHES = Number(values.batches);
const BATCH_SIZE = 100;
const WRITERS = 8;
/** As many writers as bench:api has investors. */
const MANY_WRITERS = 50;

const payload = (i: number) => ({
  trackingId: randomUUID(),
  symbol: ['AAPL', 'MSFT', 'NVDA', 'AMZN'][i % 4],
  shares: `${(i % 97) + 1}.25`,
  price: '187.42',
});

const perSecond = (count: number, started: number) =>
  Math.round(count / ((performance.now() - started) / 1000));

const measure = async (store: EventStore) => {
  const runId = randomUUID().slice(0, 8);
  const revisions = new Map<string, number>();
  const appendOne = async (stream: string, i: number, count = 1) => {
    const expected = revisions.get(stream);
    const result = await store.appendToStream(
      stream,
      Array.from({ length: count }, (_, j) => ({ type: 'OrderExecuted', data: payload(i + j) })),
      { expectedRevision: expected === undefined ? 'no_stream' : expected },
    );
    revisions.set(stream, result.nextExpectedRevision);
  };

  for (let i = 0; i < 50; i++) await appendOne(`warm${runId}-${i % 5}`, i);

  let started = performance.now();
  for (let i = 0; i < SINGLE; i++) await appendOne(`single${runId}-${i % 100}`, i);
  const singleSequential = perSecond(SINGLE, started);

  started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let i = 0; i < SINGLE / WRITERS; i++) await appendOne(`conc${runId}-${writer}-${i % 10}`, i);
    }),
  );
  const singleConcurrent8 = perSecond(SINGLE, started);

  started = performance.now();
  await Promise.all(
    Array.from({ length: MANY_WRITERS }, async (_, writer) => {
      for (let i = 0; i < SINGLE / MANY_WRITERS; i++) await appendOne(`many${runId}-${writer}`, i);
    }),
  );
  const singleConcurrent50 = perSecond(SINGLE, started);

  started = performance.now();
  for (let i = 0; i < BATCHES; i++) await appendOne(`batch${runId}-${i % 100}`, i * BATCH_SIZE, BATCH_SIZE);
  const batched100 = perSecond(BATCHES * BATCH_SIZE, started);

  started = performance.now();
  let read = 0;
  let after: Position | undefined;
  for (;;) {
    const page = await store.readAll({ maxCount: 1000, ...(after ? { after } : {}) });
    read += page.events.length;
    if (page.events.length < 1000) break;
    after = page.position;
  }
  const readAll = perSecond(read, started);
  return { singleSequential, singleConcurrent8, singleConcurrent50, batched100, readAll, eventsRead: read };
};

type Opened = { db: Database; cleanup: () => Promise<void> };

const run = async (name: string, open: () => Promise<Opened>, grouped: boolean) => {
  const { db, cleanup } = await open();
  try {
    const store = await createPostgresEventStore(
      db,
      grouped ? {} : { maxConcurrentCommits: Number.POSITIVE_INFINITY },
    );
    const result = await measure(store);
    await store.close();
    return { store: name, groupCommit: grouped, ...result };
  } finally {
    await db.close();
    await cleanup();
  }
};

const openPglite = async (): Promise<Opened> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'etf-bench-'));
  return {
    db: await openDatabase({ dataDir }),
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
};
const openServer = async (): Promise<Opened> => {
  const { url, drop } = await createServerTestDatabaseUrl();
  return { db: await openDatabase({ url }), cleanup: drop };
};

const results = [];
for (const grouped of [false, true]) results.push(await run('pglite', openPglite, grouped));
const serverProblem = await probeServer();
if (serverProblem) {
  console.warn(`PostgreSQL server not reachable (${serverProblem}): server figures skipped`);
} else {
  for (const grouped of [false, true]) results.push(await run('postgres', openServer, grouped));
}

console.table(results);
const report = {
  date: new Date().toISOString(),
  unit: 'events/s',
  batchSize: BATCH_SIZE,
  writers: [WRITERS, MANY_WRITERS],
  results,
};
if (values.out) {
  await mkdir(path.dirname(path.resolve(values.out)), { recursive: true });
  await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Wrote ${values.out}`);
}
