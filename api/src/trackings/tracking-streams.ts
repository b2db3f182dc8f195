import {
  evolve,
  evolveTrackingQuota,
  initialState,
  initialTrackingQuota,
  parseTrackingEvent,
  parseTrackingQuotaEvent,
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
