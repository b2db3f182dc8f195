import type { EventStore, Position } from '@etf-replicator/core';
import { type DatabasePool, type DatabaseTransactionConnection, sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLogProjector } from '../audit-log/projector';
import { migrateReadModels } from '../migrate-read-models';
import { createInMemoryEventStore, type TestDatabase, testDatabaseKinds } from '../testing';
import { commitPage } from './apply-page';
import { lockCheckpointAndParked, readCheckpoint, writeCheckpoint } from './checkpoints';
import { deferWrite } from './deferred-writes';
import { parkEvent } from './failures';
import { createProjectionRunner } from './projection-runner';
import type { Projector } from './projector';

/** The slonik methods that each send one statement. */
const STATEMENTS = new Set([
  'any',
  'anyFirst',
  'exists',
  'many',
  'manyFirst',
  'maybeOne',
  'maybeOneFirst',
  'one',
  'oneFirst',
  'query',
  'stream',
]);

type Sent = string[];

/** The transaction connection, noting the first words of every statement it sends. */
const countingConnection = (tx: DatabaseTransactionConnection, sent: Sent): DatabaseTransactionConnection =>
  new Proxy(tx, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      if (typeof key === 'string' && STATEMENTS.has(key))
        return (query: { sql: string }, ...rest: unknown[]) => {
          sent.push(query.sql.replace(/\s+/g, ' ').trim());
          return value.call(target, query, ...rest);
        };
      return value.bind(target);
    },
  });

/** The pool, recording each transaction's statements (slonik sends START TRANSACTION and COMMIT around them). */
const countingPool = (pool: DatabasePool, transactions: Sent[]): DatabasePool =>
  new Proxy(pool, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      if (key !== 'transaction') return value.bind(target);
      return <T>(handler: (tx: DatabaseTransactionConnection) => Promise<T>) =>
        target.transaction(async (tx) => {
          const sent: Sent = ['START TRANSACTION'];
          transactions.push(sent);
          const result = await handler(countingConnection(tx, sent));
          sent.push('COMMIT');
          return result;
        });
    },
  });

const auditRows = (test: TestDatabase) =>
  test.db.pool.anyFirst(
    sql.type(z.object({ event_type: z.string() }))`select event_type from audit_log order by audit_seq`,
  );

const appendThree = async (store: EventStore): Promise<Position> => {
  let last: Position | undefined;
  for (const [stream, type] of [
    ['user-u1', 'UserRegistered'],
    ['tracking-t1', 'TrackingCreated'],
    ['tracking-t1', 'OrderExecuted'],
  ] as const) {
    last = (
      await store.appendToStream(
        stream,
        [{ type, data: { userId: 'u1' }, metadata: { actorUserId: 'u1' } }],
        {
          expectedRevision: 'any',
        },
      )
    ).position;
  }
  return last as Position;
};

describe.each(await testDatabaseKinds())('A page of the asynchronous runner on $name', ({ name, open }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
    await migrateReadModels(test.db);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it('is four statements: START, the lock returning the parked streams, one write with the checkpoint, COMMIT', async () => {
    const store = createInMemoryEventStore();
    const last = await appendThree(store);
    const transactions: Sent[] = [];
    const runner = createProjectionRunner({
      db: { ...test.db, pool: countingPool(test.db.pool, transactions) },
      eventStore: store,
      projectors: [auditLogProjector],
    });
    await runner.start();
    try {
      expect(await runner.waitForPosition(last, { timeoutMs: 25_000 })).toBe(true);
    } finally {
      await runner.stop();
    }
    // One page of three events: one transaction, whatever the page's length.
    expect(transactions).toHaveLength(1);
    const [sent] = transactions as [Sent];
    expect(sent).toHaveLength(4);
    expect(sent[1]).toMatch(/projection_lock_checkpoint/);
    expect(sent[2]).toMatch(/insert into audit_log .* insert into projection_checkpoints/);
    expect(await auditRows(test)).toEqual(['UserRegistered', 'TrackingCreated', 'OrderExecuted']);
    expect(await readCheckpoint(test.db.pool, 'audit_log')).toBe(last);
  });

  it('rolls the checkpoint back with the page when a write in the same statement fails', async () => {
    const store = createInMemoryEventStore();
    await appendThree(store);
    const page = await store.readAll({ maxCount: 2 });
    await test.db.pool.query(sql.unsafe`create table page_rows (n int not null check (n < 2))`);
    const before = '0' as Position; // before the in-memory log's first position
    await writeCheckpoint(test.db.pool, 'failing_writer', before);
    let n = 0;
    const failingWriter: Projector = {
      name: 'failing_writer',
      eventTypes: 'all',
      tables: ['page_rows'],
      handle: () => Promise.reject(new Error('handleBatch is used')),
      // Row 0 is written at once, row 1 and row 2 (which breaks the check) join the checkpoint's statement.
      handleBatch: async (tx, events) => {
        await tx.query(sql.unsafe`insert into page_rows (n) values (${n++})`);
        for (const _ of events)
          await deferWrite(tx, {
            ctes: [],
            statement: sql.fragment`insert into page_rows (n) values (${n++})`,
          });
      },
    };
    await expect(
      commitPage(test.db.pool, failingWriter, page, {
        isolate: false,
        logger: { error: () => undefined },
        comparePositions: (a, b) => store.comparePositions(a, b),
      }),
    ).rejects.toThrow();
    expect(n).toBe(3);
    expect(await readCheckpoint(test.db.pool, 'failing_writer')).toBe(before);
    expect(
      await test.db.pool.anyFirst(sql.type(z.object({ n: z.number() }))`select n from page_rows`),
    ).toEqual([]);
  });

  it.runIf(name !== 'PGlite')(
    'reads the parked streams once the lock is held, so a runner that waited sees what the holder parked',
    async () => {
      const store = createInMemoryEventStore();
      await appendThree(store);
      const [event] = (await store.readAll({ maxCount: 1 })).events;
      let release: () => void = () => undefined;
      const holderMayCommit = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: () => void = () => undefined;
      const holderHoldsTheLock = new Promise<void>((resolve) => {
        holding = resolve;
      });
      await writeCheckpoint(test.db.pool, 'parking_race', '0' as Position);
      const holder = test.db.pool.transaction(async (tx) => {
        await lockCheckpointAndParked(tx, 'parking_race');
        await parkEvent(tx, 'parking_race', event as NonNullable<typeof event>, { error: 'bad' });
        holding();
        await holderMayCommit;
      });
      await holderHoldsTheLock;
      const waiter = test.db.pool.transaction((tx) => lockCheckpointAndParked(tx, 'parking_race'));
      // The waiter's statement has started and waits for the holder's row lock.
      await expect
        .poll(
          () =>
            test.db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
              select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock' and query like '%projection_lock_checkpoint%'`),
          { timeout: 20_000 },
        )
        .toBe(1);
      release();
      await holder;
      expect([...(await waiter).parkedStreams]).toEqual([event?.streamId]);
    },
  );
});
