import { z } from 'zod';
import { DomainError } from '../shared/domain-error';
import { type EventVersioning, liftToCurrentVersion } from '../shared/event-versions';

/**
 * `trackingquota-{userId}`: which of the user's trackings hold a slot. Creating a tracking first reserves a slot on
 * this stream with the expected revision, so two concurrent creations cannot both pass the plan's limit.
 */
export const TRACKING_QUOTA_CATEGORY = 'trackingquota';
export const trackingQuotaStreamId = (userId: string) => `${TRACKING_QUOTA_CATEGORY}-${userId}`;

export const TRACKING_LIMIT_MESSAGE =
  'Purchase a premium plan to unlock more trackings or upgrade your current plan';

export const trackingQuotaEventSchemas = {
  TrackingSlotReserved: z.object({
    trackingId: z.string().min(1),
    limit: z.number().int(),
    occurredAt: z.string(),
  }),
  TrackingSlotReleased: z.object({ trackingId: z.string().min(1), occurredAt: z.string() }),
} as const;

export type TrackingQuotaEvent =
  | { type: 'TrackingSlotReserved'; data: z.infer<typeof trackingQuotaEventSchemas.TrackingSlotReserved> }
  | { type: 'TrackingSlotReleased'; data: z.infer<typeof trackingQuotaEventSchemas.TrackingSlotReleased> };

export type TrackingQuota = { readonly active: ReadonlySet<string> };

export const initialTrackingQuota = (): TrackingQuota => ({ active: new Set() });

export const evolveTrackingQuota = (state: TrackingQuota, event: TrackingQuotaEvent): TrackingQuota => {
  const active = new Set(state.active);
  if (event.type === 'TrackingSlotReserved') active.add(event.data.trackingId);
  else active.delete(event.data.trackingId);
  return { active };
};

type TrackingQuotaEventType = keyof typeof trackingQuotaEventSchemas;
const isTrackingQuotaEventType = (type: string): type is TrackingQuotaEventType =>
  Object.hasOwn(trackingQuotaEventSchemas, type);

/** Current schema version of each quota event type (stamped by the writer) and the upcasters to it. */
export const trackingQuotaEventVersioning: EventVersioning<TrackingQuotaEventType> = {
  current: { TrackingSlotReserved: 1, TrackingSlotReleased: 1 },
  upcasters: {},
};

export const trackingQuotaEventSchemaVersion = (type: string): number => {
  if (!isTrackingQuotaEventType(type)) throw new Error(`Not a tracking quota event: ${type}`);
  return trackingQuotaEventVersioning.current[type];
};

export const parseTrackingQuotaEvent = (
  type: string,
  data: unknown,
  schemaVersion?: unknown,
): TrackingQuotaEvent => {
  if (!isTrackingQuotaEventType(type)) throw new Error(`Not a tracking quota event: ${type}`);
  const lifted = liftToCurrentVersion(trackingQuotaEventVersioning, type, data, schemaVersion);
  return { type, data: trackingQuotaEventSchemas[type].parse(lifted) } as TrackingQuotaEvent;
};

/** Takes a slot for the tracking, or refuses with the spec's message when the plan's limit is reached. */
export const reserveTrackingSlot = (
  state: TrackingQuota,
  { trackingId, limit, now }: { trackingId: string; limit: number; now: Date },
): TrackingQuotaEvent[] => {
  if (state.active.has(trackingId)) return [];
  if (state.active.size >= limit)
    throw new DomainError('TRACKING_LIMIT_REACHED', 'forbidden', TRACKING_LIMIT_MESSAGE);
  return [{ type: 'TrackingSlotReserved', data: { trackingId, limit, occurredAt: now.toISOString() } }];
};

export const releaseTrackingSlot = (
  state: TrackingQuota,
  { trackingId, now }: { trackingId: string; now: Date },
): TrackingQuotaEvent[] =>
  state.active.has(trackingId)
    ? [{ type: 'TrackingSlotReleased', data: { trackingId, occurredAt: now.toISOString() } }]
    : [];
