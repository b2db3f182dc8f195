import { type EventStore, type RecordedEvent, trackingStreamId } from '@etf-replicator/core';
import { z } from 'zod';
import type { SiblingChannel } from '../cluster/sibling-channel';
import { noteAppendedEvents } from '../tax/investor-ledger';
import { trackingCache } from './tracking-loader';
import { trackingFolder } from './tracking-streams';

/*
 * A tracking command's events, told to the cluster's other server processes (issue 28: one client's orders over two
 * processes in turn). Without them, the process that did not append the last order decides from its cached tracking,
 * loses its append race, reads the stream's tail and appends again: 7.3 ms an order against 4.4 on one process
 * (profile-commands --connections 2). A sibling that holds the tracking at the revision right before the events folds
 * them in (its command cache, hence the projector's known row, and its investor ledger), as the appending process
 * did. Only a hint: a message that comes late or never leaves the sibling where it was, and its append's revision
 * check still decides.
 */
const TOPIC = 'tracking-changes';

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
  /** Tells the siblings about a command's events (after its commit); sent with the others of the same turn. */
  share(change: TrackingChange): void;
  /** Stops listening to the siblings. */
  close(): void;
};

/** Shares this process's tracking changes on `channel` and folds in the siblings'; nothing without a channel. */
export const shareTrackingChanges = (
  eventStore: EventStore,
  channel: SiblingChannel | undefined,
  onBadMessage: (error: unknown) => void,
): TrackingChangeSharing => {
  if (!channel) return { share: () => undefined, close: () => undefined };
  let queued: TrackingChange[] = [];
  const flush = () => {
    const sent = queued;
    queued = [];
    channel.publish(TOPIC, JSON.stringify(sent));
  };
  const unsubscribe = channel.subscribe(TOPIC, (body) => {
    try {
      for (const change of changes.parse(JSON.parse(body))) applySiblingChange(eventStore, change);
    } catch (error) {
      onBadMessage(error);
    }
  });
  return {
    share(change) {
      if (change.appended.length === 0) return;
      queued.push({
        trackingId: change.trackingId,
        revision: change.revision,
        appended: change.appended.map(({ id, type, data }) => ({ id, type, data })),
      });
      if (queued.length === 1) setImmediate(flush);
    },
    close: unsubscribe,
  };
};
