import { type TrackingDetail, trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { rememberRevision } from './tracking-revision';

export type { TrackingDetail };

export const trackingQueryKey = (trackingId: string) => ['trackings', 'detail', trackingId] as const;

/** GET /api/trackings/{trackingId} */
export const getTracking = async (trackingId: string): Promise<TrackingDetail> => {
  const detail = trackingDetailSchema.parse(
    await api.get<unknown>(`/api/trackings/${encodeURIComponent(trackingId)}`),
  );
  rememberRevision(trackingId, detail.revision);
  return detail;
};

export const getTrackingQueryOptions = (trackingId: string) =>
  queryOptions({
    queryKey: trackingQueryKey(trackingId),
    queryFn: () => getTracking(trackingId),
    staleTime: 0,
  });

export const useTracking = (trackingId: string) => useQuery(getTrackingQueryOptions(trackingId));

/** Another user's tracking answers 404 like a missing one (the server does not reveal that it exists). */
export const isTrackingMissing = (error: unknown): boolean =>
  isApiError(error, 404) || isApiError(error, 403);
