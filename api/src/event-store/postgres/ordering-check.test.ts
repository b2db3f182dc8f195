import { openDatabase } from '@etf-replicator/projections';
import { createServerTestDatabaseUrl, isServerAvailable } from '@etf-replicator/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGapCheck } from '../contract/gap-check';
import { createPostgresEventStore } from './postgres-event-store';
import { createSlowAppender } from './slow-append';

// Proves the contract's ordering check can fail: the same check against a reader that trusts
// `global_position > checkpoint` must catch it losing events that commit out of order.
describe.runIf(await isServerAvailable())('the gap check against a naive reader', () => {
  let dispose: () => Promise<void>;
  let run: () => ReturnType<typeof runGapCheck>;

  beforeAll(async () => {
    const { url, drop } = await createServerTestDatabaseUrl();
    const db = await openDatabase({ url });
    const store = await createPostgresEventStore(db, { unsafeNaiveReader: true });
    const slow = createSlowAppender(url);
    run = () =>
      runGapCheck(store, {
        writers: 8,
        eventsPerWriter: 40,
        slowAppend: slow.append,
        catchUpTimeoutMs: 2000,
      });
    dispose = async () => {
      await slow.close();
      await store.close();
      await db.close();
      await drop();
    };
  });
  afterAll(() => dispose?.());

  it('reports missed events', async () => {
    const result = await run();
    expect(result.written).toBe(320);
    expect(result.missed).toBeGreaterThan(0);
  });
});
