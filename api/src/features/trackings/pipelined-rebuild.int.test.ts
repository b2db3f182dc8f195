import { dec } from '@etf-replicator/core';
import { rebuildProjection } from '@etf-replicator/projections';
import { deferWrite } from '@etf-replicator/projections/runner/deferred-writes';
import type { Projector } from '@etf-replicator/projections/runner/projector';
import { trackingsProjector } from '@etf-replicator/projections/trackings/projector';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readCommittedTail } from '../../event-store/postgres/committed-tail';
import { createBundledProvider } from '../../market-data/bundled/bundled-provider';
import { publishSnapshot } from '../../market-data/publish-snapshot';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { dumpReadModels } from './testing/dump-read-models';
import { seedMarketForTrackings, trackingClient } from './testing/tracking-test-client';

/*
 * A trackings rebuild in small pages (issue 28): on a PostgreSQL server a page is folded while the page before it is
 * still being written (rebuild/pipelined-pages.ts), folding into the rows that page wrote (rebuild-carry.ts), and a
 * page with a snapshot or a plan change waits for the commit before it. Whatever the pages, the rebuilt tables must
 * be the live ones, row for row.
 */
const dumpTables = (app: TestApp) => dumpReadModels(app, ['detail', 'summary', 'lots', 'states']);
const PAGE = 5;

const orders = [
  { symbol: 'AAPL', shares: '3', orderType: 'BUY' },
  { symbol: 'MSFT', shares: '2', orderType: 'BUY' },
  { symbol: 'AAPL', shares: '1', orderType: 'SELL' },
  { symbol: 'NVDA', shares: '4', orderType: 'BUY' },
] as const;

/** The trackings projector, noting when each page starts folding and when the replay saw it commit. */
const watched = (log: string[], fail?: { page: number; how: 'fold' | 'write' }): Projector => {
  let pages = 0;
  return {
    ...trackingsProjector,
    handleBatch: async (tx, events) => {
      const page = ++pages;
      log.push(`start ${page}`);
      if (fail?.page === page && fail.how === 'fold') throw new Error(`page ${page} could not be folded`);
      await trackingsProjector.handleBatch?.(tx, events);
      if (fail?.page === page && fail.how === 'write')
        await deferWrite(tx, { ctes: [], statement: sql.fragment`insert into no_such_table values (1)` });
    },
  };
};

describe.each(await testStores())('A trackings rebuild in pipelined pages on %s', (store) => {
  let app: TestApp;
  let live: Awaited<ReturnType<typeof dumpTables>>;
  let events = 0;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    const ann = await trackingClient(app, { plan: 'PRO' });
    const bob = await trackingClient(app, { plan: 'GROWTH' });
    const created = await Promise.all([
      ann.create('QQQ', '20000'),
      ann.create('VOO', '15000'),
      bob.create('QQQ', '9000'),
    ]);
    const ids = created.map((answer) => (answer.body as { trackingId: string }).trackingId);
    const [annQqq = '', annVoo = '', bobQqq = ''] = ids;
    // Orders interleaved across the trackings, so that every page cuts through several of them.
    const round = async (clients: readonly (readonly [typeof ann, string])[]) => {
      for (const order of orders)
        for (const [client, trackingId] of clients)
          expect((await client.execute(trackingId, order)).status).toBe(200);
    };
    await round([
      [ann, annQqq],
      [ann, annVoo],
      [bob, bobQqq],
    ]);
    // A snapshot in the middle of the log: the trackings of QQQ derive from its prices from here on.
    const content = await createBundledProvider().fetchSnapshot('QQQ');
    const moved = {
      ...content,
      holdings: content.holdings.map((h) =>
        h.symbol === 'AAPL' && h.price ? { ...h, price: dec(h.price).mul(1.1).toFixed() } : h,
      ),
    };
    const published = await publishSnapshot(app.testEventStore, moved, { replaceOtherSources: true });
    await app.projections.waitForPosition(published.position as never, { timeoutMs: 25_000 });
    // Bob's plan changes in the middle too (the page with it reads his trackings back by owner).
    const bobPro = await trackingClient(app, { plan: 'PRO', userId: bob.userId });
    await round([
      [bobPro, bobQqq],
      [ann, annQqq],
      [ann, annVoo],
    ]);
    expect((await ann.call('POST', `/api/trackings/${annVoo}/toggleAutoTrackingTargetAmount`)).status).toBe(
      200,
    );
    expect((await ann.call('DELETE', `/api/trackings/${annVoo}`)).status).toBe(204);
    await round([
      [ann, annQqq],
      [bobPro, bobQqq],
    ]);
    live = await dumpTables(app);
    events = (await app.testEventStore.readAll({ maxCount: 100_000 })).events.filter((event) =>
      (trackingsProjector.eventTypes as readonly string[]).includes(event.type),
    ).length;
    expect(events).toBeGreaterThan(PAGE * 8);
  }, 240_000);
  afterAll(() => app?.dispose());

  it('writes the live tables row for row, folding each page while the last one is written on a server', async () => {
    const log: string[] = [];
    const result = await rebuildProjection({
      db: app.testDb,
      eventStore: app.testEventStore,
      projector: watched(log),
      batchSize: PAGE,
      readCommittedTail,
      onProgress: ({ applied }) => log.push(`committed ${applied}`),
    });
    expect(result.applied).toBe(events);
    expect(await dumpTables(app)).toEqual(live);
    // A page started before the one before it had committed: "start N+1" logged before that page's "committed".
    const overlapped = log.some(
      (entry, index) => entry.startsWith('start ') && log[index - 1]?.startsWith('start '),
    );
    expect(overlapped).toBe(store === 'postgres');
  });

  it.each(['fold', 'write'] as const)(
    'stops at a page that fails in its %s, leaves the live tables as they were and drops the scratch copy',
    async (how) => {
      const log: string[] = [];
      await expect(
        rebuildProjection({
          db: app.testDb,
          eventStore: app.testEventStore,
          projector: watched(log, { page: 5, how }),
          batchSize: PAGE,
          readCommittedTail,
        }),
      ).rejects.toThrow(how === 'fold' ? 'page 5 could not be folded' : /no_such_table/);
      expect(await dumpTables(app)).toEqual(live);
      const scratch = await app.testDb.pool.maybeOne(
        sql.type(z.object({ name: z.string() }))`
          select nspname as name from pg_namespace where nspname = 'rebuild_trackings'`,
      );
      expect(scratch).toBeNull();
      // No page after the failing one was written: at most the one being folded when it failed had started.
      expect(log.filter((entry) => entry.startsWith('start ')).length).toBeLessThanOrEqual(6);
    },
  );
});
