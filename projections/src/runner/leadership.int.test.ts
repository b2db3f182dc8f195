import { randomUUID } from 'node:crypto';
import type { EventStore, Position } from '@etf-replicator/core';
import { sql } from 'slonik';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateReadModels } from '../migrate-read-models';
import {
  createInMemoryEventStore,
  isServerAvailable,
  openPgliteTestDatabase,
  openServerTestDatabase,
  type TestDatabase,
} from '../testing';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';
import type { Projector } from './projector';

/**
 * One process runs the asynchronous projectors of a database (leadership.ts, issue 28); the others catch a
 * projection up when a caller waits for it (follower.ts), report the leader's progress, and take over when it stops.
 */
const server = await isServerAvailable();

describe.each([
  { name: 'PGlite', open: () => openPgliteTestDatabase() },
  ...(server ? [{ name: 'the PostgreSQL server', open: openServerTestDatabase }] : []),
])('Runners of one set of projectors on $name', ({ name: kind, open }) => {
  let test: TestDatabase;
  let store: EventStore;
  let table: string;
  let runners: ProjectionRunner[] = [];

  const counting = (name: string): Projector => ({
    name,
    eventTypes: ['Counted'],
    tables: [table],
    handle: async (tx, event) => {
      const { n } = event.data as { n: number };
      await tx.query(sql.unsafe`insert into ${sql.identifier([table])} (n) values (${n})`);
    },
  });
  const started = async (projector: Projector) => {
    const runner = createProjectionRunner({
      db: test.db,
      eventStore: store,
      projectors: [projector],
      batchSize: 10,
      retryDelayMs: 50,
    });
    runners.push(runner);
    await runner.start();
    return runner;
  };
  /** Appends Counted n for n in [from, to), on four streams; resolves the last position. */
  const appendCounted = async (from: number, to: number): Promise<Position> => {
    let last: Position | undefined;
    for (let n = from; n < to; n++)
      last = (
        await store.appendToStream(`counter-${n % 4}`, [{ type: 'Counted', data: { n } }], {
          expectedRevision: 'any',
        })
      ).position;
    return last as Position;
  };
  const copies = async () =>
    test.db.pool.any(
      sql.type(z.object({ n: z.number(), copies: z.number() }))`
        select n, count(*)::int as copies from ${sql.identifier([table])} group by n order by n`,
    );
  const once = (count: number) => Array.from({ length: count }, (_, n) => ({ n, copies: 1 }));

  beforeAll(async () => {
    test = await open();
    await migrateReadModels(test.db);
  });
  afterAll(() => test?.dispose());
  beforeEach(async () => {
    store = createInMemoryEventStore();
    table = `led_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await test.db.pool.query(sql.unsafe`create table ${sql.identifier([table])} (n int not null)`);
  });
  afterEach(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    runners = [];
  });

  it('runs them in one process on a server (every process on the embedded database, which lives in one)', async () => {
    const first = await started(counting(`p-${table}`));
    const second = await started(counting(`p-${table}`));
    // Another set of projectors (another name) has a leader of its own.
    const other = await started(counting(`q-${table}`));
    expect([first.leads(), second.leads(), other.leads()]).toEqual(
      kind === 'PGlite' ? [true, true, true] : [true, false, true],
    );
  });

  it('catches a projection up for whoever waits in either process, applying each event once', async () => {
    const first = await started(counting(`p-${table}`));
    const second = await started(counting(`p-${table}`));
    const last = await appendCounted(0, 30);
    expect(await second.waitForPosition(last, { timeoutMs: 25_000 })).toBe(true);
    expect(await first.waitForPosition(last, { timeoutMs: 25_000 })).toBe(true);
    expect(await copies()).toEqual(once(30));
  });

  it("reports the leader's progress in every process, past the events the projector does not read", async () => {
    const first = await started(counting(`p-${table}`));
    const second = await started(counting(`p-${table}`));
    await appendCounted(0, 10);
    // The log's head is an event the projector drops: no page of its own writes a checkpoint that far.
    const head = (
      await store.appendToStream('noise', [{ type: 'Ignored', data: {} }], { expectedRevision: 'any' })
    ).position;
    expect(await first.waitForPosition(head, { timeoutMs: 25_000 })).toBe(true);
    // On PGlite both lead, each at its own pace; on a server the second has only the leader's checkpoint to go by.
    if (kind === 'PGlite') expect(await second.waitForPosition(head, { timeoutMs: 25_000 })).toBe(true);
    const [status] = await second.status();
    expect(status).toMatchObject({ caughtUp: true, position: head, stalled: false });
  });

  it('hands them over when the leader stops: the other process runs them with nobody waiting', async () => {
    const first = await started(counting(`p-${table}`));
    const second = await started(counting(`p-${table}`));
    await first.waitForPosition(await appendCounted(0, 5), { timeoutMs: 25_000 });
    await first.stop();
    await appendCounted(5, 20);
    await expect.poll(copies, { timeout: 25_000 }).toEqual(once(20));
    expect(second.leads()).toBe(true);
  });
});
