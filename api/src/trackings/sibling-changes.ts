import { type EventStore, type RecordedEvent, trackingStreamId } from '@etf-replicator/core';
import { z } from 'zod';
import type { SiblingChannel } from '../cluster/sibling-channel';
import { noteAppendedEvents } from '../tax/investor-ledger';
import { onTrackingFirstCached, trackingCache } from './tracking-loader';
import { trackingFolder } from './tracking-streams';

/*
 * A tracking command's events, told to the cluster's other server processes (issue 28: one client's orders over two
 * processes in turn). Without them, the process that did not append the last order decides from its cached tracking,
 * loses its append race, reads the stream's tail and appends again: 11 statements an order instead of 7, p50 8.5-8.8
 * ms against 4.1-4.4 on one process (profile-commands --connections 2). A sibling that holds the tracking at the
 * revision right before the events folds them in (its command cache, hence the projector's known row, and its
 * investor ledger), as the appending process did. Only a hint: a message that comes late or never leaves the
 * sibling where it was, and its append's revision check still decides.
 * Only the changes of trackings another process holds travel: each process says which trackings it takes into its
 * cache (`interest`), so that investors whose orders stay on one process (every keep-alive connection does) cost
 * nothing: sharing every order cost the 50-investor load 10 % of its commands per second.
 */
const CHANGES = 'tracking-changes';
const INTEREST = 'tracking-interest';
/** Trackings known to be held elsewhere, least recently announced out first (a forgotten one costs a lost race). */
const WATCHED_KEPT = 50_000;

export type TrackingChange = {
  readonly trackingId: string;
  /** The stream's revision after the events. */
  readonly revision: number;
  readonly appended: readonly { readonly id: string; readonly type: string; readonly data: unknown }[];
};

const changes = z.array(
  z.object({
    trackingId: z.string(),
    revision: z.number().int().nonnegative(),
    appended: z.array(z.object({ id: z.string(), type: z.string(), data: z.unknown() })).min(1),
  }),
);
const interest = z.array(z.string());

/** Folds a sibling's events into this process's cached tracking when they directly follow it. */
export const applySiblingChange = (eventStore: EventStore, change: TrackingChange): void => {
  noteAppendedEvents(eventStore, change.trackingId, change);
  const cache = trackingCache(eventStore);
  const streamId = trackingStreamId(change.trackingId);
  const cached = cache.get(streamId);
  const first = change.revision - change.appended.length + 1;
  if (!cached || cached.revision !== first - 1) return;
  let state = cached.state;
  for (const [index, event] of change.appended.entries()) {
    const recorded: RecordedEvent = {
      ...event,
      metadata: { schemaVersion: trackingFolder.schemaVersionOf(event.type) },
      streamId,
      streamRevision: first + index,
      globalPosition: '' as RecordedEvent['globalPosition'],
      recordedAt: new Date(),
    };
    state = trackingFolder.evolve(state, trackingFolder.parse(recorded));
  }
  cache.set(streamId, { state, revision: change.revision });
};

export type TrackingChangeSharing = {
  /** Tells the siblings that hold the tracking about a command's events (after its commit). */
  share(change: TrackingChange): void;
  /** Whether a sibling said it holds the tracking. */
  watchedElsewhere(trackingId: string): boolean;
  /** Stops listening to the siblings. */
  close(): void;
};

/** Messages of one turn of the event loop, sent together. */
const batched = <T>(send: (items: T[]) => void) => {
  let queued: T[] = [];
  return (item: T) => {
    queued.push(item);
    if (queued.length > 1) return;
    setImmediate(() => {
      const sent = queued;
      queued = [];
      send(sent);
    });
  };
};

/** Shares this process's tracking changes on `channel` and folds in the siblings'; nothing without a channel. */
export const shareTrackingChanges = (
  eventStore: EventStore,
  channel: SiblingChannel | undefined,
  onBadMessage: (error: unknown) => void,
): TrackingChangeSharing => {
  if (!channel) return { share: () => undefined, watchedElsewhere: () => false, close: () => undefined };
  const watched = new Map<string, true>();
  const listen = <T>(topic: string, schema: z.ZodType<T>, apply: (body: T) => void) =>
    channel.subscribe(topic, (body) => {
      try {
        apply(schema.parse(JSON.parse(body)));
      } catch (error) {
        onBadMessage(error);
      }
    });
  const closers = [
    listen(CHANGES, changes, (received) => {
      for (const change of received) applySiblingChange(eventStore, change);
    }),
    listen(INTEREST, interest, (trackingIds) => {
      for (const trackingId of trackingIds) {
        watched.delete(trackingId);
        watched.set(trackingId, true);
      }
      for (const trackingId of watched.keys()) {
        if (watched.size <= WATCHED_KEPT) break;
        watched.delete(trackingId);
      }
    }),
    onTrackingFirstCached(
      eventStore,
      batched((trackingIds: string[]) => channel.publish(INTEREST, JSON.stringify(trackingIds))),
    ),
  ];
  const sendChange = batched((sent: TrackingChange[]) => channel.publish(CHANGES, JSON.stringify(sent)));
  return {
    share(change) {
      if (change.appended.length === 0 || !watched.has(change.trackingId)) return;
      sendChange({
        trackingId: change.trackingId,
        revision: change.revision,
        appended: change.appended.map(({ id, type, data }) => ({ id, type, data })),
      });
    },
    watchedElsewhere: (trackingId) => watched.has(trackingId),
    close: () => {
      for (const close of closers) close();
    },
  };
};
