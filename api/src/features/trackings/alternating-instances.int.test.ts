import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import { rebuildProjection } from '@etf-replicator/projections';
import * as knownRows from '@etf-replicator/projections/trackings/committed-rows';
import { trackingsProjector } from '@etf-replicator/projections/trackings/projector';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCommittedTail } from '../../event-store/postgres/committed-tail';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { dumpReadModels } from './testing/dump-read-models';
import { seedMarketForTrackings, trackingClient } from './testing/tracking-test-client';

// The projector's source of rows it does not read, watched: which row each inline write folded into.
vi.mock('@etf-replicator/projections/trackings/committed-rows', async (importOriginal) => {
  const original = await importOriginal<typeof knownRows>();
  return { ...original, committedRowBefore: vi.fn(original.committedRowBefore) };
});

const dumpTables = (app: TestApp) => dumpReadModels(app, ['detail', 'summary', 'lots']);

/**
 * Issue 28: when one investor's commands alternate between two server processes, each process's inline write folds
 * into the tracking as the command side folded it after losing its race (the other process appended the revision
 * before), instead of reading the tracking's row and every open lot back. Each command here starts with the known
 * rows forgotten, as in a process that committed none of them; the read models must equal a rebuild from the log.
 */
describe.each(await testStores())('Commands alternating between two instances on %s', (store) => {
  let here: TestApp;
  let there: TestApp;

  beforeAll(async () => {
    here = await createTestApp({ store });
    await seedMarketForTrackings(here);
    there = await createTestApp({ sameDatabaseAs: here });
  }, 120_000);
  afterAll(async () => {
    await there?.dispose();
    await here?.dispose();
  });

  it('folds each command into the other instance’s last revision, and a rebuild gives the same rows', async () => {
    const ann = await trackingClient(here, { plan: 'PRO' });
    const annThere = await trackingClient(there, { userId: ann.userId, plan: 'PRO' });
    const created = await ann.create('QQQ', '100000');
    expect(created.status).toBe(200);
    const { trackingId } = created.body as { trackingId: string };
    const folds = vi.mocked(knownRows.committedRowBefore);
    const summary = (await ann.call('GET', '/api/trackings/trackings-summary')).body as {
      createdAt: string;
    }[];
    const rightAfterCreation = new Date(Date.parse(summary[0]?.createdAt ?? '') + 1).toISOString();

    // Buys (one back-dated, so lots are not in the order they were opened), sells closing lots, a revert reopening
    // one: every kind of change to the open lots, each on the instance that did not append the revision before.
    const commands = [
      () => annThere.execute(trackingId, { symbol: 'AAPL', shares: '3', orderType: 'BUY' }),
      () =>
        ann.call('POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, {
          symbol: 'AAPL',
          shares: '2',
          orderType: 'BUY',
          price: '150',
          executedAt: rightAfterCreation,
        }),
      () => annThere.execute(trackingId, { symbol: 'MSFT', shares: '4', orderType: 'BUY' }),
      () => ann.execute(trackingId, { symbol: 'AAPL', shares: '4', orderType: 'SELL' }),
      async () => {
        const history = (await annThere.history(trackingId)).body as { content: HistoryEntry[] };
        const sell = history.content.find((entry) => entry.details.orderType === 'SELL');
        return annThere.revert(trackingId, sell?.id ?? 'missing');
      },
      () => ann.execute(trackingId, { symbol: 'MSFT', shares: '1', orderType: 'SELL' }),
    ];
    for (const [index, command] of commands.entries()) {
      knownRows.forgetKnownRows();
      folds.mockClear();
      const response = await command();
      expect(response.status, `command ${index}: ${JSON.stringify(response.body)}`).toBe(200);
      // The row folded into came from the command side (a committed row names its last event).
      const used = folds.mock.results.map((result) => result.value as { eventId: string | null } | undefined);
      expect(used, `command ${index}`).toContainEqual(expect.objectContaining({ eventId: null }));
    }

    const detail = await ann.detail(trackingId);
    expect(detail.revision).toBe(commands.length);
    const live = await dumpTables(here);
    expect(live.lots).toContain('"symbol":"AAPL"');
    await rebuildProjection({
      db: here.testDb,
      eventStore: here.testEventStore,
      projector: trackingsProjector,
      readCommittedTail,
    });
    expect(await dumpTables(here)).toEqual(live);
  });
});
