import { z } from 'zod';
import { DomainError } from '../shared/domain-error';
import { type CatalogEvent, eventCatalog } from '../shared/event-versions';

/**
 * `trackingquota-{userId}`: which of the user's trackings hold a slot. Creating a tracking first reserves a slot on
 * this stream with the expected revision, so two concurrent creations cannot both pass the plan's limit.
 */
export const TRACKING_QUOTA_CATEGORY = 'trackingquota';
export const trackingQuotaStreamId = (userId: string) => `${TRACKING_QUOTA_CATEGORY}-${userId}`;

export const TRACKING_LIMIT_MESSAGE =
  'Purchase a premium plan to unlock more trackings or upgrade your current plan';

/** Why a slot was given back when it was not by the creation or deletion that owned it (reconciliation). */
export const slotReleaseReasonSchema = z.enum(['expired', 'tracking-deleted']);

export const trackingQuotaEventSchemas = {
  TrackingSlotReserved: z.object({
    trackingId: z.string().min(1),
    /** The plan's limit the reservation was checked against; absent when reconciliation re-took a live tracking's slot. */
    limit: z.number().int().optional(),
    occurredAt: z.string(),
    reason: z.literal('reconciled').optional(),
  }),
  TrackingSlotReleased: z.object({
    trackingId: z.string().min(1),
    occurredAt: z.string(),
    reason: slotReleaseReasonSchema.optional(),
  }),
} as const;

export type TrackingQuotaEvent = CatalogEvent<typeof trackingQuotaEventSchemas>;

export type TrackingQuota = {
  readonly active: ReadonlySet<string>;
  /** When each held slot was reserved (ISO), so a reservation whose tracking never came can expire. */
  readonly reservedAt: ReadonlyMap<string, string>;
};

export const initialTrackingQuota = (): TrackingQuota => ({ active: new Set(), reservedAt: new Map() });

export const evolveTrackingQuota = (state: TrackingQuota, event: TrackingQuotaEvent): TrackingQuota => {
  const active = new Set(state.active);
  const reservedAt = new Map(state.reservedAt);
  if (event.type === 'TrackingSlotReserved') {
    active.add(event.data.trackingId);
    reservedAt.set(event.data.trackingId, event.data.occurredAt);
  } else {
    active.delete(event.data.trackingId);
    reservedAt.delete(event.data.trackingId);
  }
  return { active, reservedAt };
};

/** Quota events: the version each type is stamped with, and the parse of a stored payload (issue 21). */
export const trackingQuotaEvents = eventCatalog('a tracking quota', trackingQuotaEventSchemas, {
  current: { TrackingSlotReserved: 1, TrackingSlotReleased: 1 },
  upcasters: {},
});
export const trackingQuotaEventSchemaVersion = trackingQuotaEvents.schemaVersionOf;
export const parseTrackingQuotaEvent: (
  type: string,
  data: unknown,
  schemaVersion?: unknown,
) => TrackingQuotaEvent = trackingQuotaEvents.parse;

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

/** What the tracking's own stream says: created and not deleted, deleted, or never created. */
export type TrackingExistence = 'live' | 'deleted' | 'absent';

/**
 * Brings the slots back in line with the trackings after a crash cut a command in two: a slot whose tracking was
 * deleted is released, a reservation whose tracking never came is released once it is older than `ttlMs` (younger
 * ones may belong to a creation still running), and a live tracking without a slot takes one back. Only trackings
 * in `trackings` are judged; the others are left alone. Running it again on the result decides nothing.
 */
export const reconcileTrackingSlots = (
  state: TrackingQuota,
  { trackings, now, ttlMs }: { trackings: ReadonlyMap<string, TrackingExistence>; now: Date; ttlMs: number },
): TrackingQuotaEvent[] => {
  const occurredAt = now.toISOString();
  const events: TrackingQuotaEvent[] = [];
  for (const [trackingId, existence] of trackings) {
    const held = state.active.has(trackingId);
    if (!held && existence === 'live') {
      events.push({ type: 'TrackingSlotReserved', data: { trackingId, occurredAt, reason: 'reconciled' } });
    } else if (held && existence === 'deleted') {
      events.push({
        type: 'TrackingSlotReleased',
        data: { trackingId, occurredAt, reason: 'tracking-deleted' },
      });
    } else if (held && existence === 'absent') {
      const reservedAt = Date.parse(state.reservedAt.get(trackingId) ?? '');
      if (!(now.getTime() - reservedAt < ttlMs)) {
        events.push({ type: 'TrackingSlotReleased', data: { trackingId, occurredAt, reason: 'expired' } });
      }
    }
  }
  return events;
};
