import { randomUUID } from 'node:crypto';
import { type EventStore, trackingStreamId } from '@etf-replicator/core';
import { z } from 'zod';
import type { SiblingChannel } from '../cluster/sibling-channel';
import { noteAppendedEvents } from '../tax/investor-ledger';
import { trackingCache } from './tracking-loader';
import { appendedAsRecorded, trackingFolder } from './tracking-streams';

/*
 * A tracking command's events, told to the cluster's other server processes (issue 28: one client's orders over two
 * processes in turn). Without them, the process that did not append the last order decides from its cached tracking,
 * loses its append race, reads the stream's tail and appends again: 11 statements an order instead of 7, p50 8.5-8.8
 * ms against 4.1-4.4 on one process (profile-commands --connections 2). A sibling that holds the tracking at the
 * revision right before the events folds them in (its command cache, hence the projector's known row, and its
 * investor ledger), as the appending process did. Only a hint: a message that comes late or never leaves the
 * sibling where it was, and its append's revision check still decides.
 * Only the changes of trackings another process works on travel: each process says, at most every 0.5 s per
 * tracking, which trackings it runs commands on, and a sibling shares a tracking's changes for 2 s after it heard so
 * (or until the process answers that it no longer holds the tracking). Investors whose orders stay on one process
 * (every keep-alive connection does) then cost nothing, and one whose connection moved to another process costs at
 * most 2 s of sharing: sharing the changes of every tracking a process had once held cost the 50-investor load 10 %
 * of its commands per second.
 */
const CHANGES = 'tracking-changes';
const HELD = 'tracking-held';
const DROPPED = 'tracking-dropped';
/** How often a process says it works on a tracking, and for how long a sibling believes it. */
const ANNOUNCE_EVERY_MS = 500;
const BELIEVED_MS = 2_000;
/** Trackings known to be worked on elsewhere (and announced here), least recent out first. */
const KEPT = 50_000;

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
/** Which process holds (or dropped) which trackings: `from` tells the siblings apart. */
const holdings = z.object({ from: z.string(), trackingIds: z.array(z.string()) });
type Holdings = z.infer<typeof holdings>;

/**
 * Folds a sibling's events into this process's cached tracking when they directly follow it. False when this process
 * does not hold the tracking (any more).
 */
export const applySiblingChange = (eventStore: EventStore, change: TrackingChange): boolean => {
  noteAppendedEvents(eventStore, change.trackingId, change);
  const cache = trackingCache(eventStore);
  const streamId = trackingStreamId(change.trackingId);
  const cached = cache.get(streamId);
  const first = change.revision - change.appended.length + 1;
  if (!cached) return false;
  if (cached.revision !== first - 1) return true;
  let state = cached.state;
  for (const event of appendedAsRecorded(streamId, change.revision, change.appended))
    state = trackingFolder.evolve(state, trackingFolder.parse(event));
  cache.set(streamId, { state, revision: change.revision });
  return true;
};

export type TrackingChangeSharing = {
  /** This process runs a command on the tracking: the siblings hear so (at most every 0.5 s per tracking). */
  active(trackingId: string): void;
  /** Tells the siblings that work on the tracking about a command's events (after its commit). */
  share(change: TrackingChange): void;
  /** Whether a sibling said, in the last 2 s, that it works on the tracking (and has not dropped it since). */
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
  if (!channel)
    return {
      active: () => undefined,
      share: () => undefined,
      watchedElsewhere: () => false,
      close: () => undefined,
    };
  const self = randomUUID();
  /** For each tracking worked on elsewhere: until when each of those processes is believed to. */
  const watched = new Map<string, Map<string, number>>();
  const announced = new Map<string, number>();
  const keep = <V>(map: Map<string, V>, key: string, value: V) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > KEPT) map.delete(map.keys().next().value as string);
  };
  const listen = <T>(topic: string, schema: z.ZodType<T>, apply: (body: T) => void) =>
    channel.subscribe(topic, (body) => {
      try {
        apply(schema.parse(JSON.parse(body)));
      } catch (error) {
        onBadMessage(error);
      }
    });
  const announce = (topic: string) =>
    batched((trackingIds: string[]) => {
      const sent: Holdings = { from: self, trackingIds };
      channel.publish(topic, JSON.stringify(sent));
    });
  const held = announce(HELD);
  const dropped = announce(DROPPED);
  const workedOnElsewhere = (trackingId: string) => {
    const now = Date.now();
    for (const until of watched.get(trackingId)?.values() ?? []) if (until > now) return true;
    return false;
  };
  const closers = [
    listen(CHANGES, changes, (received) => {
      for (const change of received) if (!applySiblingChange(eventStore, change)) dropped(change.trackingId);
    }),
    listen(HELD, holdings, ({ from, trackingIds }) => {
      const until = Date.now() + BELIEVED_MS;
      for (const trackingId of trackingIds)
        keep(watched, trackingId, (watched.get(trackingId) ?? new Map<string, number>()).set(from, until));
    }),
    listen(DROPPED, holdings, ({ from, trackingIds }) => {
      for (const trackingId of trackingIds) {
        const holders = watched.get(trackingId);
        holders?.delete(from);
        if (holders?.size === 0) watched.delete(trackingId);
      }
    }),
  ];
  const sendChange = batched((sent: TrackingChange[]) => channel.publish(CHANGES, JSON.stringify(sent)));
  return {
    active(trackingId) {
      const now = Date.now();
      if ((announced.get(trackingId) ?? Number.NEGATIVE_INFINITY) > now - ANNOUNCE_EVERY_MS) return;
      keep(announced, trackingId, now);
      held(trackingId);
    },
    share(change) {
      if (change.appended.length === 0 || !workedOnElsewhere(change.trackingId)) return;
      sendChange({
        trackingId: change.trackingId,
        revision: change.revision,
        appended: change.appended.map(({ id, type, data }) => ({ id, type, data })),
      });
    },
    watchedElsewhere: workedOnElsewhere,
    close: () => {
      for (const close of closers) close();
    },
  };
};
