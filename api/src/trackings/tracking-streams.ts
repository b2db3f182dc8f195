import {
  evolve,
  evolveTrackingQuota,
  initialState,
  initialTrackingQuota,
  parseTrackingEvent,
  parseTrackingQuotaEvent,
  type RecordedEvent,
  type Tracking,
  type TrackingEvent,
  type TrackingQuota,
  type TrackingQuotaEvent,
  trackingEventSchemaVersion,
  trackingQuotaEventSchemaVersion,
} from '@etf-replicator/core';
import type { StreamFolder } from '../commands/handle-command';

/** How the command handler rebuilds a tracking from `tracking-{id}` (events validated and upcast on read). */
export const trackingFolder: StreamFolder<Tracking, TrackingEvent> = {
  initialState,
  evolve,
  parse: (recorded) =>
    ({
      id: recorded.id,
      ...parseTrackingEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion),
    }) as TrackingEvent,
  schemaVersionOf: trackingEventSchemaVersion,
};

export const trackingQuotaFolder: StreamFolder<TrackingQuota, TrackingQuotaEvent> = {
  initialState: initialTrackingQuota,
  evolve: evolveTrackingQuota,
  parse: (recorded) => parseTrackingQuotaEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion),
  schemaVersionOf: trackingQuotaEventSchemaVersion,
};

/** Projections a tracking command's answer must reflect before it is sent (read your writes). */
export const TRACKING_READ_MODELS = ['trackings', 'tracking_history'] as const;

/**
 * A command's appended events as the log would give them back (their stored JSON, at the current schema version),
 * for the folds that skip reading them: the investor ledger's, a sibling process's. `revision`: the stream's after
 * the last of them.
 */
export const appendedAsRecorded = (
  streamId: string,
  revision: number,
  appended: readonly { readonly id: string; readonly type: string; readonly data: unknown }[],
): RecordedEvent[] => {
  const first = revision - appended.length + 1;
  return appended.map((event, index) => ({
    id: event.id,
    type: event.type,
    data: JSON.parse(JSON.stringify(event.data ?? null)),
    metadata: { schemaVersion: trackingFolder.schemaVersionOf(event.type) },
    streamId,
    streamRevision: first + index,
    globalPosition: '' as RecordedEvent['globalPosition'],
    recordedAt: new Date(),
  }));
};
