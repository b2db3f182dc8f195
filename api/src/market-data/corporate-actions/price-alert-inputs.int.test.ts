import { randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import { migrateReadModels } from '@etf-replicator/projections';
import {
  createInMemoryEventStore,
  type TestDatabase,
  testDatabaseKinds,
} from '@etf-replicator/projections/testing';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresEventStore } from '../../event-store/postgres/postgres-event-store';
import { actionsLog, alertRevisions } from './price-alert-inputs';
import { confirmPriceMove } from './price-alerts';

/** What a served tracking (every command's answer) checks: the corporate-actions stream is read only when it moved. */
describe.each(await testDatabaseKinds())('Price alert inputs on $name', ({ open }) => {
  let test: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    test = await open();
    await migrateReadModels(test.db);
    store = await createPostgresEventStore(test.db);
    for (const [symbol, revision] of [
      ['QQQ', 0],
      ['QQQ', 1],
      ['QQQ', 2],
      ['VOO', 0],
    ] as const)
      await test.db.pool.query(sql.unsafe`
        insert into etf_snapshots (etf_symbol, stream_revision, event_id, content_hash, source_provider,
                                   holdings_count, published_at)
        values (${symbol}, ${revision}, ${randomUUID()}, 'h', 'test', 1, now())`);
  }, 60_000);
  afterAll(async () => {
    await store.close();
    await test?.dispose();
  });

  it('gives each ETF its two latest snapshot revisions and the stream version in one statement', async () => {
    const sent = vi.spyOn(test.db.pool, 'one');
    const revisions = await alertRevisions(store, test.db.pool, ['QQQ', 'voo', 'NONE']);
    expect(sent).toHaveBeenCalledTimes(1);
    sent.mockRestore();
    expect([...revisions.snapshots]).toEqual([
      ['QQQ', [2, 1]],
      ['VOO', [0]],
    ]);
    expect(revisions.actions).toBe(-1);
  });

  it("reads the stream's tail only after an action or a confirmation was recorded, by whoever recorded it", async () => {
    const reads = vi.spyOn(store, 'readStream');
    const check = async () => actionsLog(store, (await alertRevisions(store, test.db.pool, [])).actions);
    expect((await check()).confirmed.size).toBe(0);
    expect(reads).not.toHaveBeenCalled();
    // Recorded straight in the log, as another instance would: this process's cache knows nothing of it.
    await confirmPriceMove(store, { symbol: 'DD', snapshotDate: '2026-11-20' }, 'admin-1');
    expect([...(await check()).confirmed]).toEqual(['DD@2026-11-20']);
    expect(reads).toHaveBeenCalledTimes(1);
    expect([...(await check()).confirmed]).toEqual(['DD@2026-11-20']);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });

  it('reads the tail on every use where the log is not in this database', async () => {
    const elsewhere = createInMemoryEventStore();
    const reads = vi.spyOn(elsewhere, 'readStream');
    const revisions = await alertRevisions(elsewhere, test.db.pool, ['QQQ']);
    expect(revisions.actions).toBeUndefined();
    await actionsLog(elsewhere, revisions.actions);
    await actionsLog(elsewhere, revisions.actions);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
