import { type RateHistory, rateHistorySchema } from '@etf-replicator/core/contracts/trackings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Under ['trackings'], so every tracking command's refresh refetches it. */
export const rateHistoryQueryKey = (trackingId: string) => ['trackings', 'rate-history', trackingId] as const;

/** GET /api/trackings/{id}/rate-history: one request, the rate after each event (server-side, core's fold). */
export const getRateHistory = async (trackingId: string): Promise<RateHistory> =>
  rateHistorySchema.parse(
    await api.get<unknown>(`/api/trackings/${encodeURIComponent(trackingId)}/rate-history`),
  );

export const useRateHistory = (trackingId: string) =>
  useQuery(
    queryOptions({
      queryKey: rateHistoryQueryKey(trackingId),
      queryFn: () => getRateHistory(trackingId),
      staleTime: 0,
    }),
  );
