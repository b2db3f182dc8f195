import { type EventStore, type Tracking, trackingStreamId } from '@etf-replicator/core';
import { type AggregateCache, createAggregateCache } from '../commands/aggregate-cache';
import { trackingFolder } from './tracking-streams';

/** Folded trackings per event store (one per app), so a command on a long history does not re-read it. */
const caches = new WeakMap<EventStore, AggregateCache<Tracking>>();

/**
 * The one tracking cache every writer of a tracking stream passes to handleCommand (commands, the drift check, the
 * unsubscribe link): each keeps it current with what it appends, so none leaves another deciding from a stale entry.
 */
export const trackingCache = (eventStore: EventStore): AggregateCache<Tracking> => {
  let cache = caches.get(eventStore);
  if (!cache) {
    cache = createAggregateCache<Tracking>();
    caches.set(eventStore, cache);
  }
  return cache;
};

/**
 * The tracking as its stream holds it now, folded from the log, and put in the cache. For the paths where the cached
 * entry cannot be trusted or is gone (a lost append race deletes it): the owner check after a 409 must see the
 * tracking, never answer its owner "not found".
 */
export const loadTracking = async (
  eventStore: EventStore,
  trackingId: string,
): Promise<{ readonly state: Tracking; readonly revision: number }> => {
  const streamId = trackingStreamId(trackingId);
  const recorded = await eventStore.readStream(streamId);
  let state = trackingFolder.initialState();
  for (const event of recorded) state = trackingFolder.evolve(state, trackingFolder.parse(event));
  const revision = recorded.at(-1)?.streamRevision ?? -1;
  if (revision >= 0) trackingCache(eventStore).set(streamId, { state, revision });
  return { state, revision };
};
