import type { EventStore } from '@etf-replicator/core';

/**
 * On a PostgreSQL server the readable head stops below the cluster's oldest open transaction, and the test suites
 * share one server: another suite's transaction, in another database, can hold it for a moment, so a read right
 * after an append may not see the append yet. Production readers wait for it (the projections poll); a test that
 * reads the log directly waits here until everything committed so far is readable.
 */
export const untilCommittedIsReadable = async (store: EventStore, timeoutMs = 20_000): Promise<void> => {
  const last = await store.lastCommittedPosition?.();
  if (!last) return;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await store.headPosition();
    if (head && store.comparePositions(head, last) >= 0) return;
    if (Date.now() > deadline)
      throw new Error(`events up to ${last} were committed but not readable within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const SETTLED_READS = new Set<PropertyKey>(['readAll', 'countEvents']);

/** The store, with `readAll` and `countEvents` waiting until every committed event is readable. */
export const withSettledReads = (store: EventStore): EventStore =>
  new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (!SETTLED_READS.has(property) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await untilCommittedIsReadable(target);
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
