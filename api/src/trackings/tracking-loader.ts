import { type EventStore, type Tracking, trackingStreamId } from '@etf-replicator/core';
import { rememberFoldedTracking } from '@etf-replicator/projections/trackings/committed-rows';
import { type AggregateCache, createAggregateCache } from '../commands/aggregate-cache';
import { trackingFolder } from './tracking-streams';

/** Folded trackings per event store (one per app), so a command on a long history does not re-read it. */
const caches = new WeakMap<EventStore, AggregateCache<Tracking>>();

/**
 * The one tracking cache every writer of a tracking stream passes to handleCommand (commands, the drift check, the
 * unsubscribe link): each keeps it current with what it appends, so none leaves another deciding from a stale entry.
 * Every fold it keeps is also handed to the trackings projector (committed-rows.ts): a command whose previous event
 * another server process appended then folds into it instead of reading the tracking's row and lots back.
 */
export const trackingCache = (eventStore: EventStore): AggregateCache<Tracking> => {
  let cache = caches.get(eventStore);
  if (!cache) {
    const folds = createAggregateCache<Tracking>();
    cache = {
      ...folds,
      set(streamId, entry) {
        folds.set(streamId, entry);
        rememberFoldedTracking(streamId.slice('tracking-'.length), entry.revision, entry.state);
      },
    };
    caches.set(eventStore, cache);
  }
  return cache;
};

/**
 * The tracking as its stream holds it now: the one loader of every read and writer check that needs a tracking's
 * state (tax routes, exports, harvest, the owner check after a lost race). From the folded aggregate cache, reading
 * and folding only the tail since the cached revision (the whole stream when the entry is gone: a lost append race
 * deletes it), then put back in the cache. revision -1: no such stream.
 */
export const loadTracking = async (
  eventStore: EventStore,
  trackingId: string,
): Promise<{ readonly state: Tracking; readonly revision: number }> => {
  const streamId = trackingStreamId(trackingId);
  const cache = trackingCache(eventStore);
  const cached = cache.get(streamId);
  const tail = await eventStore.readStream(streamId, cached ? { fromRevision: cached.revision + 1 } : {});
  let state = cached?.state ?? trackingFolder.initialState();
  for (const recorded of tail) state = trackingFolder.evolve(state, trackingFolder.parse(recorded));
  const revision = tail.at(-1)?.streamRevision ?? cached?.revision ?? -1;
  if (tail.length > 0) cache.set(streamId, { state, revision });
  return { state, revision };
};
