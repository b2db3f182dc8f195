import {
  type ParkedEvent,
  type ParkedRecompute,
  parkedEventsSchema,
  type RetryParkedResult,
  retryParkedResponseSchema,
  retryRecomputeResponseSchema,
} from '@etf-replicator/core/contracts/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ParkedEvent, ParkedRecompute, RetryParkedResult };

/** GET /api/admin/projection-failures: events the projection runner parked (oldest first) and parked recomputes. */
export const getParkedEvents = async (): Promise<{ events: ParkedEvent[]; recomputes: ParkedRecompute[] }> =>
  parkedEventsSchema.parse(await api.get<unknown>('/api/admin/projection-failures'));

export const parkedEventsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'projection-failures'], queryFn: getParkedEvents, staleTime: 0 });

export const useParkedEvents = () => useQuery(parkedEventsQueryOptions());

/** POST /api/admin/projection-failures/retry: applies the event's stream's parked events again, in log order. */
export const retryParkedEvent = async (event: Pick<ParkedEvent, 'projector' | 'eventId'>) =>
  retryParkedResponseSchema.parse(
    await api.post<unknown>('/api/admin/projection-failures/retry', {
      projector: event.projector,
      eventId: event.eventId,
    }),
  );

export const useRetryParkedEvent = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryParkedEvent,
    onSettled: () => client.invalidateQueries({ queryKey: parkedEventsQueryOptions().queryKey }),
  });
};

/** POST /api/admin/projection-failures/recompute/retry: re-derives the ETF's trackings with its latest snapshot. */
export const retryParkedRecompute = async (symbol: string) =>
  retryRecomputeResponseSchema.parse(
    await api.post<unknown>('/api/admin/projection-failures/recompute/retry', { symbol }),
  );

export const useRetryParkedRecompute = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryParkedRecompute,
    onSettled: () => client.invalidateQueries({ queryKey: parkedEventsQueryOptions().queryKey }),
  });
};
