import {
  type ParkedEvent,
  parkedEventsSchema,
  type RetryParkedResult,
  retryParkedResponseSchema,
} from '@etf-replicator/core/contracts/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ParkedEvent, RetryParkedResult };

/** GET /api/admin/projection-failures: events the projection runner parked, oldest first. */
export const getParkedEvents = async (): Promise<ParkedEvent[]> =>
  parkedEventsSchema.parse(await api.get<unknown>('/api/admin/projection-failures')).events;

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
