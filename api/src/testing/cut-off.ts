import type { EventStore, NewEvent } from '@etf-replicator/core';

/**
 * Simulates `kill -9` at one append: the first append that matches never returns (optionally after it committed),
 * so nothing the request would do after it ever runs, and its Idempotency-Key stays in flight. The hung request is
 * left pending for good, as a dead process's would be.
 */
export const cutOffAt = (
  store: EventStore,
  matches: (streamId: string, events: readonly NewEvent[]) => boolean,
  { afterCommit = false }: { afterCommit?: boolean } = {},
) => {
  const original = store.appendToStream;
  const patched: EventStore['appendToStream'] = async (streamId, events, options) => {
    if (!matches(streamId, events)) return original.call(store, streamId, events, options);
    (store as { appendToStream: EventStore['appendToStream'] }).appendToStream = original;
    if (afterCommit) await original.call(store, streamId, events, options);
    return new Promise(() => undefined);
  };
  (store as { appendToStream: EventStore['appendToStream'] }).appendToStream = patched;
};

/** Polls until `check` passes (or throws its last failure after `timeoutMs`). */
export const eventually = async <T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};
