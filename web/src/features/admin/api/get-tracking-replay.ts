import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const replayEventSchema = z.object({
  position: z.string(),
  recordedAt: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  data: z.unknown(),
  actorUserId: z.string().nullable(),
});
export type ReplayEvent = z.infer<typeof replayEventSchema>;

const replayStateSchema = replayEventSchema.extend({
  status: z.enum(['Active', 'Deleted']),
  targetAmount: z.string(),
  cash: z.string(),
  positions: z.record(z.string(), z.string()),
  view: trackingDetailSchema.omit({ updatedAt: true }),
  snapshot: z.object({ eventId: z.string().nullable(), asOf: z.string().nullable() }).nullable(),
  plan: z.string().nullish(),
});
export type ReplayState = z.infer<typeof replayStateSchema>;

const trackingReplaySchema = z.object({
  trackingId: z.string(),
  symbol: z.string(),
  userId: z.string(),
  ownerEmail: z.string().nullable(),
  until: z.string().nullable(),
  events: z.array(replayEventSchema),
  state: replayStateSchema.nullable(),
});
export type TrackingReplay = z.infer<typeof trackingReplaySchema>;

/** GET /api/admin/trackings/{id}/replay?until=POSITION: the tracking's events and its state at that point. */
export const getTrackingReplay = async (trackingId: string, until: string | null): Promise<TrackingReplay> =>
  trackingReplaySchema.parse(
    await api.get<unknown>(
      `/api/admin/trackings/${encodeURIComponent(trackingId)}/replay${until ? `?until=${encodeURIComponent(until)}` : ''}`,
    ),
  );

export const getTrackingReplayQueryOptions = (trackingId: string, until: string | null) =>
  queryOptions({
    queryKey: ['admin', 'replay', trackingId, until],
    queryFn: () => getTrackingReplay(trackingId, until),
    // A past position never changes; "now" (null) does.
    staleTime: until ? Number.POSITIVE_INFINITY : 0,
  });

export const useTrackingReplay = (trackingId: string, until: string | null) =>
  useQuery({ ...getTrackingReplayQueryOptions(trackingId, until), placeholderData: keepPreviousData });
