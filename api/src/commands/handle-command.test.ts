import { type RecordedEvent, WrongExpectedVersionError } from '@etf-replicator/core';
import { createInMemoryEventStore } from '@etf-replicator/projections/testing';
import { describe, expect, it } from 'vitest';
import { createAggregateCache } from './aggregate-cache';
import { handleCommand, type StreamFolder } from './handle-command';

type Counter = { total: number };
type Added = { type: 'Added'; data: { by: number } };
const counter: StreamFolder<Counter, Added> = {
  initialState: () => ({ total: 0 }),
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  parse: (event: RecordedEvent) => {
    if (event.type !== 'Added' || typeof (event.data as { by?: unknown }).by !== 'number')
      throw new Error('bad event');
    return event as unknown as Added;
  },
  schemaVersionOf: (type) => (type === 'Added' ? 3 : 1),
};
const add = (by: number) => () => [{ type: 'Added', data: { by } }];

describe('handleCommand', () => {
  it('folds the stream, decides and appends with the expected revision', async () => {
    const store = createInMemoryEventStore();
    await handleCommand(store, 'counter-1', counter, add(2));
    const result = await handleCommand(store, 'counter-1', counter, add(3), { actorUserId: 'u-1' });
    expect(result.state).toEqual({ total: 5 });
    expect(result.position).toBeDefined();
    const events = await store.readStream('counter-1');
    expect(events.map((e) => e.data)).toEqual([{ by: 2 }, { by: 3 }]);
    expect(events[1]?.metadata).toMatchObject({ actorUserId: 'u-1', schemaVersion: 3 });
  });

  it('appends nothing when the decision is empty', async () => {
    const store = createInMemoryEventStore();
    const result = await handleCommand(store, 'counter-2', counter, () => []);
    expect(result).toEqual({ state: { total: 0 }, appended: [], position: undefined, revision: -1 });
    expect(await store.headPosition()).toBeUndefined();
  });

  it('retries once on a lost race with fresh state', async () => {
    const store = createInMemoryEventStore();
    let calls = 0;
    const result = await handleCommand(store, 'counter-3', counter, (state) => {
      calls++;
      if (calls === 1)
        void store.appendToStream('counter-3', [{ type: 'Added', data: { by: 10 } }], {
          expectedRevision: 'any',
        });
      return [{ type: 'Added', data: { by: state.total + 1 } }];
    });
    expect(calls).toBe(2);
    expect(result.state).toEqual({ total: 21 });
  });

  it('gives up after the retry with WrongExpectedVersionError', async () => {
    const store = createInMemoryEventStore();
    const racing = handleCommand(store, 'counter-4', counter, () => {
      void store.appendToStream('counter-4', [{ type: 'Added', data: { by: 1 } }], {
        expectedRevision: 'any',
      });
      return [{ type: 'Added', data: { by: 1 } }];
    });
    await expect(racing).rejects.toBeInstanceOf(WrongExpectedVersionError);
  });

  it('retries a lost race from the cached state, reading only what the other process appended', async () => {
    // Two server processes, each with its own cache: A appends 1 three times (revisions 0-2, cached at 2), B appends
    // 10 (revision 3). A's next command decides from revision 2, loses the race, then must read the stream from
    // revision 3 only: 1 + 1 + 1 + 10 + 1 = 14. A whole re-read grew with the stream (10,000 lots: 200 ms a command).
    const store = createInMemoryEventStore();
    const reads: (number | undefined)[] = [];
    const spied = {
      ...store,
      readStream: (...args: Parameters<typeof store.readStream>) => {
        reads.push(args[1]?.fromRevision);
        return store.readStream(...args);
      },
    };
    const [cacheOfA, cacheOfB] = [createAggregateCache<Counter>(), createAggregateCache<Counter>()];
    for (let i = 0; i < 3; i++)
      await handleCommand(spied, 'counter-5', counter, add(1), {}, { cache: cacheOfA });
    await handleCommand(store, 'counter-5', counter, add(10), {}, { cache: cacheOfB });
    reads.length = 0;
    const result = await handleCommand(spied, 'counter-5', counter, add(1), {}, { cache: cacheOfA });
    expect(result).toMatchObject({ state: { total: 14 }, revision: 4 });
    expect(reads).toEqual([3]);
    expect(cacheOfA.get('counter-5')).toEqual({ state: { total: 14 }, revision: 4 });
  });
});
