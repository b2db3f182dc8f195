import type { RecordedEvent } from '@etf-replicator/core';
import { createInMemoryEventStore } from '@etf-replicator/projections/testing';
import { describe, expect, it } from 'vitest';
import { commandScopedId, enterCommandScope, runWithCommandScope } from './command-scope';
import { handleCommand, type StreamFolder } from './handle-command';

type Counter = { total: number };
type Added = { type: 'Added'; data: { by: number } };
const counter: StreamFolder<Counter, Added> = {
  initialState: () => ({ total: 0 }),
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  parse: (event: RecordedEvent) => event as unknown as Added,
  schemaVersionOf: () => 1,
};
const key = { userId: 'u-1', key: 'k-1', firstUsedAt: '1' };

/** One run of a request with an Idempotency-Key: two steps on two streams. */
const request = (
  store: ReturnType<typeof createInMemoryEventStore>,
  recovering: boolean,
  decided: string[],
) =>
  runWithCommandScope(async () => {
    enterCommandScope(key, recovering);
    const first = await handleCommand(store, 'counter-a', counter, () => {
      decided.push('a');
      return [{ type: 'Added', data: { by: 1 } }];
    });
    const second = await handleCommand(store, 'counter-b', counter, () => {
      decided.push('b');
      return [{ type: 'Added', data: { by: 2 } }];
    });
    return { first, second, id: commandScopedId('thing') };
  });

describe('Command scope', () => {
  it('tags each step’s events with the key and the step', async () => {
    const store = createInMemoryEventStore();
    await request(store, false, []);
    const [a] = await store.readStream('counter-a');
    const [b] = await store.readStream('counter-b');
    expect(a?.metadata).toMatchObject({ commandStep: 0 });
    expect(b?.metadata).toMatchObject({ commandKey: a?.metadata.commandKey, commandStep: 1 });
  });

  it('in recovery, answers the steps the log holds from there and runs only the missing ones', async () => {
    const store = createInMemoryEventStore();
    const first = await request(store, false, []);
    // The crash took the second step: only the first is in the log.
    const log = await store.readStream('counter-b');
    expect(log).toHaveLength(1);
    const partial = createInMemoryEventStore();
    const [a] = await store.readStream('counter-a');
    if (!a) throw new Error('no event');
    await partial.appendToStream('counter-a', [a], { expectedRevision: 'no_stream' });

    const decided: string[] = [];
    const recovered = await request(partial, true, decided);
    expect(decided).toEqual(['b']);
    expect(recovered.first).toMatchObject({ recovered: true, state: { total: 1 } });
    expect(recovered.id).toBe(first.id);
    expect((await partial.readStream('counter-a')).length).toBe(1);
    expect((await partial.readStream('counter-b')).length).toBe(1);
  });

  it('gives random ids outside a keyed request', () => {
    expect(commandScopedId('thing')).not.toBe(commandScopedId('thing'));
  });
});
