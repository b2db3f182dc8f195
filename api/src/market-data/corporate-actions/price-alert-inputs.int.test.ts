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
import {
  type AlertRevisions,
  actionsLog,
  alertRevisions,
  coalescedAlertRevisions,
} from './price-alert-inputs';
import { confirmPriceMove } from './price-alerts';

/** What a served tracking (every command's answer) checks: the corporate-actions stream is read only when it moved. */
describe.each(await testDatabaseKinds())('Price alert inputs on $name', ({ open }) => {
  let test: TestDatabase;
  let store: EventStore;
  const snapshotPublished = async (symbol: string, revision: number) =>
    test.db.pool.query(sql.unsafe`
      insert into etf_snapshots (etf_symbol, stream_revision, event_id, content_hash, source_provider,
                                 holdings_count, published_at)
      values (${symbol}, ${revision}, ${randomUUID()}, 'h', 'test', 1, now())`);
  const plain = ({ snapshots, actions }: AlertRevisions) => ({ snapshots: [...snapshots], actions });
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
      await snapshotPublished(symbol, revision);
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

  it('answers the lists asked together from one statement, each as alertRevisions gives it', async () => {
    const elsewhere = createInMemoryEventStore();
    const lists = [['QQQ', 'voo', 'NONE'], ['VOO'], ['qqq', 'VOO', 'QQQ'], [], ['QQQ', 'voo', 'NONE']];
    const sent = vi.spyOn(test.db.pool, 'one');
    let answers: AlertRevisions[];
    let other: AlertRevisions;
    try {
      [other, ...answers] = await Promise.all([
        coalescedAlertRevisions(elsewhere, test.db.pool, ['QQQ']),
        ...lists.map((etfs) => coalescedAlertRevisions(store, test.db.pool, etfs)),
      ]);
      // One for these lists, one for the store whose log lives elsewhere (its statement reads no stream version).
      expect(sent).toHaveBeenCalledTimes(2);
    } finally {
      sent.mockRestore();
    }
    for (const [index, etfs] of lists.entries())
      expect(plain(answers[index] as AlertRevisions)).toEqual(
        plain(await alertRevisions(store, test.db.pool, etfs)),
      );
    expect(plain(answers[2] as AlertRevisions).snapshots).toEqual([
      ['QQQ', [2, 1, 2, 1]],
      ['VOO', [0]],
    ]);
    expect(plain(other)).toEqual(plain(await alertRevisions(elsewhere, test.db.pool, ['QQQ'])));
    expect(other.actions).toBeUndefined();
  });

  it('sees a snapshot or a confirmation recorded before it is asked (read-your-writes)', async () => {
    const before = await coalescedAlertRevisions(store, test.db.pool, ['VOO']);
    expect(plain(before).snapshots).toEqual([['VOO', [0]]]);
    await snapshotPublished('VOO', 1);
    await confirmPriceMove(store, { symbol: 'EE', snapshotDate: '2026-11-21' }, 'admin-1');
    const after = await coalescedAlertRevisions(store, test.db.pool, ['VOO']);
    expect(plain(after).snapshots).toEqual([['VOO', [1, 0]]]);
    expect(after.actions).toBe((before.actions ?? -1) + 1);
  });
});
