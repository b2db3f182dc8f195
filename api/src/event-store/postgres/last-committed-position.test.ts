import { randomUUID } from 'node:crypto';
import type { Position } from '@etf-replicator/core';
import { openDatabase } from '@etf-replicator/projections';
import { createServerTestDatabaseUrl, isServerAvailable } from '@etf-replicator/projections/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from './postgres-event-store';

const event = () => ({ id: randomUUID(), type: 'Noted', data: {} });

type Store = Awaited<ReturnType<typeof createPostgresEventStore>>;

/** Polls, because transactions of other suites on the same server may hold the xmin for a moment longer. */
async function headReaches(store: Store, position: Position, deadlineMs = 15_000): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const head = await store.headPosition();
    if (head && store.comparePositions(head, position) >= 0) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!(await isServerAvailable()))('lastCommittedPosition on the PostgreSQL server', () => {
  let url: string;
  let drop: () => Promise<void>;
  let db: Awaited<ReturnType<typeof openDatabase>>;
  let store: Store;

  beforeAll(async () => {
    ({ url, drop } = await createServerTestDatabaseUrl());
    db = await openDatabase({ url });
    store = await createPostgresEventStore(db);
  });
  afterAll(async () => {
    await store?.close();
    await db?.close();
    await drop?.();
  });

  it('names an event committed behind an older open transaction, which the readable head does not reach yet', async () => {
    const first = await store.appendToStream('note-1', [event()], { expectedRevision: 'any' });
    const open = new pg.Client({ connectionString: url });
    await open.connect();
    try {
      await open.query('begin');
      await open.query('select pg_current_xact_id()'); // holds the snapshot xmin below what commits next
      const second = await store.appendToStream('note-2', [event()], { expectedRevision: 'any' });

      // The server is shared: another test's transaction in another database also holds the cluster-wide xmin, so the
      // readable head may stop short of `first` too; what it must never do is reach `second`.
      const head = await store.headPosition();
      const last = await store.lastCommittedPosition?.();
      expect(head === undefined || store.comparePositions(head, first.position) === 0).toBe(true);
      expect(last && store.comparePositions(last, second.position)).toBe(0);

      await open.query('commit');
      expect(await headReaches(store, second.position)).toBe(true);
    } finally {
      await open.end();
    }
  }, 30_000);
});
