import { randomUUID } from 'node:crypto';
import type { EventStore, Position, RecordedEvent } from '@etf-replicator/core';
import { sql } from 'slonik';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateReadModels } from '../migrate-read-models';
import {
  createInMemoryEventStore,
  isServerAvailable,
  openPgliteTestDatabase,
  openServerTestDatabase,
  type TestDatabase,
} from '../testing';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';
import type { Projector } from './projector';

const rowsSchema = z.object({ n: z.number(), copies: z.number() });

const stores = (await isServerAvailable()) ? ['pglite', 'postgres'] : ['pglite'];

describe.each(stores)('ProjectionRunner on %s', (kind) => {
  let test: TestDatabase;
  let store: EventStore;
  let table: string;
  const runners: ProjectionRunner[] = [];

  const countingProjector = (name: string, failAt?: { n: number; times: number }): Projector => {
    let failures = 0;
    return {
      name,
      eventTypes: ['Counted'],
      tables: [table],
      handle: async (tx, event: RecordedEvent) => {
        const { n } = event.data as { n: number };
        await tx.query(sql.unsafe`insert into ${sql.identifier([table])} (n) values (${n})`);
        if (failAt && n === failAt.n && failures < failAt.times) {
          failures++;
          throw new Error(`simulated crash at ${n}`);
        }
      },
    };
  };

  const appendCounted = async (count: number): Promise<Position> => {
    let last: Position | undefined;
    for (let n = 0; n < count; n++) {
      const result = await store.appendToStream(`counter-${n % 4}`, [{ type: 'Counted', data: { n } }], {
        expectedRevision: 'any',
      });
      last = result.position;
      if (n % 7 === 0)
        await store.appendToStream('noise-1', [{ type: 'Ignored', data: {} }], { expectedRevision: 'any' });
    }
    return last as Position;
  };

  const rows = () =>
    test.db.pool.any(
      sql.type(
        rowsSchema,
      )`select n, count(*)::int as copies from ${sql.identifier([table])} group by n order by n`,
    );

  const runner = (
    projector: Projector,
    batchSize = 10,
    extra: {
      maxAttempts?: number;
      lagBoundMs?: number;
      defaultWaitMs?: number;
      eventStore?: EventStore;
    } = {},
  ) => {
    const created = createProjectionRunner({
      db: test.db,
      eventStore: store,
      projectors: [projector],
      batchSize,
      retryDelayMs: 50,
      ...extra,
    });
    runners.push(created);
    return created;
  };

  beforeAll(async () => {
    test = kind === 'postgres' ? await openServerTestDatabase() : await openPgliteTestDatabase();
    await migrateReadModels(test.db);
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await test.dispose();
  });
  beforeEach(async () => {
    store = createInMemoryEventStore();
    table = `counted_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await test.db.pool.query(sql.unsafe`create table ${sql.identifier([table])} (n int not null)`);
  });

  it('applies every event exactly once and reports the position it reached', async () => {
    const last = await appendCounted(40);
    const name = `p-${table}`;
    const projection = runner(countingProjector(name));
    await projection.start();
    expect(await projection.waitForPosition(last, { timeoutMs: 25_000 })).toBe(true);
    expect(await rows()).toEqual(Array.from({ length: 40 }, (_, n) => ({ n, copies: 1 })));
    const [status] = await projection.status();
    expect(status).toMatchObject({ name, caughtUp: true, lastError: undefined });
  });

  it('rolls a failing batch back with its checkpoint and, restarted, applies nothing twice and misses nothing', async () => {
    const last = await appendCounted(50);
    const name = `p-${table}`;
    const crashing = runner(countingProjector(name, { n: 35, times: Number.POSITIVE_INFINITY }), 10, {
      maxAttempts: Number.POSITIVE_INFINITY,
    });
    await crashing.start();
    await expect
      .poll(async () => (await crashing.status())[0]?.lastError, { timeout: 25_000 })
      .toContain('simulated crash');
    await crashing.stop();

    // Batches of 10: 0–29 committed; the batch holding 35 rolled back entirely, rows 30–34 included.
    expect((await rows()).map((row) => row.n)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    const checkpoint = await readCheckpoint(test.db.pool, name);
    const [event29] = (
      await store.readAll({ maxCount: 100, filter: { eventTypes: ['Counted'] } })
    ).events.filter((event) => (event.data as { n: number }).n === 29);
    expect(checkpoint).toBeDefined();
    expect(
      store.comparePositions(checkpoint as Position, event29?.globalPosition as Position),
    ).toBeGreaterThanOrEqual(0);

    const restarted = runner(countingProjector(name));
    await restarted.start();
    expect(await restarted.waitForPosition(last, { timeoutMs: 25_000 })).toBe(true);
    expect(await rows()).toEqual(Array.from({ length: 50 }, (_, n) => ({ n, copies: 1 })));
  });

  it('retries a batch that failed once and then succeeds, still exactly once', async () => {
    const last = await appendCounted(25);
    const projection = runner(countingProjector(`p-${table}`, { n: 12, times: 1 }));
    await projection.start();
    expect(await projection.waitForPosition(last, { timeoutMs: 25_000 })).toBe(true);
    expect(await rows()).toEqual(Array.from({ length: 25 }, (_, n) => ({ n, copies: 1 })));
  });

  it('follows live appends after catching up', async () => {
    await appendCounted(3);
    const projection = runner(countingProjector(`p-${table}`));
    await projection.start();
    const live = await store.appendToStream('counter-live', [{ type: 'Counted', data: { n: 3 } }], {
      expectedRevision: 'any',
    });
    expect(await projection.waitForPosition(live.position, { timeoutMs: 25_000 })).toBe(true);
    expect((await rows()).map((row) => row.n)).toEqual([0, 1, 2, 3]);
  });

  it('passes positions of events it does not read, and times out on positions not yet written', async () => {
    const projection = runner(countingProjector(`p-${table}`));
    await projection.start();
    const unrelated = await store.appendToStream('noise-2', [{ type: 'Ignored', data: {} }], {
      expectedRevision: 'any',
    });
    expect(await projection.waitForPosition(unrelated.position, { timeoutMs: 25_000 })).toBe(true);
    expect(await projection.waitForPosition('999999' as Position, { timeoutMs: 100 })).toBe(false);
    await expect(projection.waitForPosition(unrelated.position, { projections: ['nope'] })).rejects.toThrow(
      'Unknown projections: nope',
    );
  });

  it('waits for as long as its default when the caller names no timeout', async () => {
    const projection = runner(countingProjector(`p-${table}`), 10, { defaultWaitMs: 50 });
    await projection.start();
    const never = projection.waitForPosition('999999' as Position);
    // Timers fire in due order (and a resolved wait settles before the next timer), so no load can flip this.
    const later = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1500));
    expect(await Promise.race([never, later])).toBe(false);
  });

  // Each runner needs only a few transactions of a few milliseconds here, yet on CI (every suite at once on 2 cores,
  // one shared server) one runner once took over 25 s to catch up with the other. The waits are therefore long, and
  // a runner that still does not catch up is reported with both runners' status (its last error, if any).
  it('stays exactly once with two runners of the same projector working at once', {
    timeout: 150_000,
  }, async () => {
    const name = `p-${table}`;
    const first = runner(countingProjector(name), 7);
    const second = runner(countingProjector(name), 5);
    await Promise.all([first.start(), second.start()]);
    const last = await appendCounted(60);
    const caughtUp = await Promise.all(
      [first, second].map((r) => r.waitForPosition(last, { timeoutMs: 60_000 })),
    );
    const statuses = await Promise.all([first, second].map(async (r) => (await r.status())[0]));
    expect(caughtUp, JSON.stringify(statuses)).toEqual([true, true]);
    expect(await rows()).toEqual(Array.from({ length: 60 }, (_, n) => ({ n, copies: 1 })));
  });

  it('applies only the rest of a page another runner partly applied after it was read', async () => {
    await appendCounted(20);
    const name = `p-${table}`;
    const counted = (await store.readAll({ maxCount: 100, filter: { eventTypes: ['Counted'] } })).events;
    let interfered = false;
    // Between this runner's read of its first page (0–6) and its lock, "another runner" commits 0–3.
    const racingStore: EventStore = {
      ...store,
      async *subscribeToAll(options) {
        for await (const page of store.subscribeToAll(options)) {
          if (!interfered) {
            interfered = true;
            await test.db.pool.transaction(async (tx) => {
              for (const n of [0, 1, 2, 3])
                await tx.query(sql.unsafe`insert into ${sql.identifier([table])} (n) values (${n})`);
              await writeCheckpoint(tx, name, counted[3]?.globalPosition as Position);
            });
          }
          yield page;
        }
      },
    };
    const projection = runner(countingProjector(name), 7, { eventStore: racingStore });
    await projection.start();
    expect(
      await projection.waitForPosition(counted.at(-1)?.globalPosition as Position, { timeoutMs: 25_000 }),
    ).toBe(true);
    expect(interfered).toBe(true);
    expect(await rows()).toEqual(Array.from({ length: 20 }, (_, n) => ({ n, copies: 1 })));
  });

  it('stops gracefully and applies nothing after stopping', async () => {
    const projection = runner(countingProjector(`p-${table}`));
    await projection.start();
    await projection.stop();
    await appendCounted(5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rows()).toEqual([]);
  });

  describe('when one event keeps failing', () => {
    const parked = () =>
      test.db.pool.any(
        sql.type(
          z.object({ event_id: z.string(), stream_id: z.string(), held: z.boolean(), error: z.string() }),
        )`
          select event_id, stream_id, held, error from projection_failures where projector = ${`p-${table}`}
          order by position`,
      );
    const nOf = async (eventId: string) => {
      const event = (await store.readAll({ maxCount: 1000 })).events.find((e) => e.id === eventId);
      return (event?.data as { n: number } | undefined)?.n;
    };

    it('parks it after the tries, with the later events of its stream, and applies every other event', async () => {
      const last = await appendCounted(40);
      const name = `p-${table}`;
      let broken = true;
      const projector = countingProjector(name);
      const failing: Projector = {
        ...projector,
        handle: async (tx, event) => {
          if (broken && (event.data as { n: number }).n === 13) throw new Error('cannot apply 13');
          await projector.handle(tx, event);
        },
      };
      const projection = runner(failing, 10, { maxAttempts: 2 });
      await projection.start();
      expect(await projection.waitForPosition(last, { timeoutMs: 25_000 })).toBe(true);

      // 13 is on stream counter-1 (n % 4): 13 parked, 17, 21, … of counter-1 held behind it; all others applied.
      const stuck = await parked();
      expect(await Promise.all(stuck.map((row) => nOf(row.event_id)))).toEqual([13, 17, 21, 25, 29, 33, 37]);
      expect(stuck.map((row) => row.held)).toEqual([false, true, true, true, true, true, true]);
      expect(stuck[0]?.error).toBe('cannot apply 13');
      const applied = (await rows()).map((row) => row.n);
      expect(applied).toEqual(Array.from({ length: 40 }, (_, n) => n).filter((n) => n % 4 !== 1 || n < 13));
      const [status] = await projection.status();
      expect(status).toMatchObject({ caughtUp: true, lastError: undefined, parked: 7 });

      // Still broken: a retry applies nothing and keeps the list.
      const first = stuck[0]?.event_id as string;
      expect(await projection.retryParked(name, first)).toEqual({
        applied: 0,
        remaining: 7,
        error: 'cannot apply 13',
      });
      // Fixed: the retry applies the stream's parked events in log order, exactly once.
      broken = false;
      expect(await projection.retryParked(name, first)).toEqual({
        applied: 7,
        remaining: 0,
        error: undefined,
      });
      expect(await rows()).toEqual(Array.from({ length: 40 }, (_, n) => ({ n, copies: 1 })));
      expect((await projection.status())[0]?.parked).toBe(0);
      // Later events of that stream flow normally again.
      const more = await store.appendToStream('counter-1', [{ type: 'Counted', data: { n: 41 } }], {
        expectedRevision: 'any',
      });
      expect(await projection.waitForPosition(more.position, { timeoutMs: 25_000 })).toBe(true);
      expect((await rows()).at(-1)).toEqual({ n: 41, copies: 1 });
      expect(await projection.retryParked(name, 'not-parked')).toBeUndefined();
    });

    it('reports a projector that stays behind longer than the lag bound as stalled', async () => {
      await appendCounted(5);
      const projection = runner(
        countingProjector(`p-${table}`, { n: 2, times: Number.POSITIVE_INFINITY }),
        10,
        {
          maxAttempts: Number.POSITIVE_INFINITY,
          lagBoundMs: 100,
        },
      );
      await projection.start();
      expect((await projection.status())[0]?.stalled).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await projection.status())[0]).toMatchObject({ caughtUp: false, stalled: true });
    });
  });
});
