import type { EventStore } from '@etf-replicator/core';

/**
 * The map of one per-process cache for one event store (tests run several stores in one process): what is cached
 * from one store's log never answers for another's.
 */
export const cacheOf = <T>(
  caches: WeakMap<EventStore, Map<string, T>>,
  store: EventStore,
): Map<string, T> => {
  let cache = caches.get(store);
  if (!cache) {
    cache = new Map();
    caches.set(store, cache);
  }
  return cache;
};
