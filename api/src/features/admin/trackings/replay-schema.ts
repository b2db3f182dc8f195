import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { z } from 'zod';

const replayEventSchema = z.object({
  position: z.string(),
  recordedAt: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  data: z.unknown(),
  actorUserId: z.string().nullable(),
});

/** One `ReplayStep` of projections' replayTracking: the tracking right after an event, valued at that moment. */
const replayStateSchema = replayEventSchema.extend({
  status: z.enum(['Active', 'Deleted']),
  /** Issue 30: the index at that step ("VOO", "70 % VTI + 30 % QQQ"); absent in answers before it. */
  index: z.string().optional(),
  targetAmount: z.string(),
  cash: z.string(),
  positions: z.record(z.string(), z.string()),
  view: trackingDetailSchema.omit({ updatedAt: true }),
  snapshot: z.object({ eventId: z.string().nullable(), asOf: z.string().nullable() }).nullable(),
  plan: z.string().nullable().optional(),
});

export const trackingReplaySchema = z.object({
  trackingId: z.string(),
  symbol: z.string(),
  userId: z.string(),
  ownerEmail: z.string().nullable(),
  /** The position asked for; null means "up to now". */
  until: z.string().nullable(),
  /** Every event of the tracking's stream, oldest first (the slider's stops). */
  events: z.array(replayEventSchema),
  /** The state after the last event at or before `until`; null when `until` is before the tracking existed. */
  state: replayStateSchema.nullable(),
});
