import type { Position, ReadAllOptions } from '@etf-replicator/core';
import { type TestDatabase, testDatabaseKinds } from '@etf-replicator/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, eventually, newStream } from '../contract/contract-helpers';
import { createPostgresEventStore } from './postgres-event-store';
import { readPage, readPages } from './read-pages';

const stores = await testDatabaseKinds();

/** Issue 28 item 1: the pollers a notification wakes read in one statement; each must get its own page. */
describe.each(stores)('Several readers in one statement on $name', ({ open }) => {
  let test: TestDatabase;
  let middle: Position;

  beforeAll(async () => {
    test = await open();
    const store = await createPostgresEventStore(test.db);
    // 12 events in 6 transactions over two categories and three types.
    for (let round = 0; round < 6; round++) {
      const result = await store.appendToStream(
        newStream(round % 2 === 0 ? 'alpha' : 'beta'),
        [event(`Type${round % 3}`, { round }), event('Common', { round })],
        { expectedRevision: 'no_stream' },
      );
      if (round === 2) middle = result.position;
    }
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it('gives every reader the page it reads alone: positions, filters and page sizes of its own', async () => {
    const requests: ReadAllOptions[] = [
      { maxCount: 500 },
      { maxCount: 5 },
      { maxCount: 500, after: middle },
      { maxCount: 500, filter: { eventTypes: ['Type1', 'Type2'] } },
      { maxCount: 2, filter: { eventTypes: ['Common'] }, after: middle },
      { maxCount: 500, filter: { categories: ['beta'] } },
      { maxCount: 500, filter: { eventTypes: ['Nothing'] } },
    ];
    await eventually(async () => {
      const together = await readPages(test.db.pool, requests);
      const alone = await Promise.all(requests.map((request) => readPage(test.db.pool, request)));
      expect(together).toEqual(alone);
      expect(together.map((page) => page.events.length)).toEqual([12, 5, 6, 4, 2, 6, 0]);
    });
    const [all, , , typed, , beta, none] = await readPages(test.db.pool, requests);
    // Log order, and the filters applied per reader.
    expect(all?.events.map((e) => (e.data as { round: number }).round)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(typed?.events.map((e) => e.type)).toEqual(['Type1', 'Type2', 'Type1', 'Type2']);
    expect(beta?.events.every((e) => e.streamId.startsWith('beta-'))).toBe(true);
    // A filtered reader that found nothing still moves to the head, so it can checkpoint past what it skips.
    expect(none?.position).toBe(all?.position);
  });
});
