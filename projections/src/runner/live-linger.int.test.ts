import { randomUUID } from 'node:crypto';
import type { EventStore, Position, RecordedEvent } from '@etf-replicator/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadModels } from '../migrate-read-models';
import { createInMemoryEventStore, type TestDatabase, testDatabaseKinds } from '../testing';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';
import type { Projector } from './projector';

/**
 * The runner's live linger (issue 28): commits that land while a woken projector pauses make one page, and whoever
 * waits for the projector never waits for the pause. The pause is a minute long here, far longer than any timeout
 * below: only a waiter can end it in time.
 */
describe.each(await testDatabaseKinds())('a live projector on $name', ({ open }) => {
  let test: TestDatabase;
  let runner: ProjectionRunner | undefined;
  beforeAll(async () => {
    test = await open();
    await migrateReadModels(test.db);
  });
  afterEach(async () => {
    await runner?.stop();
  });
  afterAll(async () => {
    await test.dispose();
  });

  const pageRecorder = () => {
    const pages: number[][] = [];
    const projector: Projector = {
      name: `linger-${randomUUID()}`,
      eventTypes: ['Counted'],
      tables: [],
      handle: async () => {
        throw new Error('pages go through handleBatch');
      },
      handleBatch: async (_tx, events: readonly RecordedEvent[]) => {
        pages.push(events.map((event) => (event.data as { n: number }).n));
      },
    };
    return { pages, projector };
  };

  const append = async (store: EventStore, n: number): Promise<Position> =>
    (
      await store.appendToStream(`counter-${n}`, [{ type: 'Counted', data: { n } }], {
        expectedRevision: 'any',
      })
    ).position;

  /** A runner over a fresh log, live after one commit it was waited for (a commit before the first read is caught up). */
  const liveRunner = async (liveLingerMs: number) => {
    const store = createInMemoryEventStore();
    const { pages, projector } = pageRecorder();
    const started = createProjectionRunner({
      db: test.db,
      eventStore: store,
      projectors: [projector],
      liveLingerMs,
    });
    runner = started;
    await started.start();
    expect(await started.waitForPosition(await append(store, 1), { timeoutMs: 20_000 })).toBe(true);
    return { store, pages, runner: started };
  };

  it('gathers the commits that land during its pause into one page, which a waiter reads at once', async () => {
    const { store, pages, runner: live } = await liveRunner(60_000);
    await append(store, 2);
    await append(store, 3);
    const last = await append(store, 4);
    expect(await live.waitForPosition(last, { timeoutMs: 20_000 })).toBe(true);
    expect(pages).toEqual([[1], [2, 3, 4]]);
  });

  it('reads a commit nobody waits for at once without a linger', async () => {
    const { store, pages } = await liveRunner(0);
    await append(store, 2);
    await expect.poll(() => pages, { timeout: 20_000 }).toEqual([[1], [2]]);
  });
});
