import { type LotsResponse, lotsResponseSchema } from '@etf-replicator/core/contracts/taxes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Under ['trackings', …] so that every tracking command (orders, reverts) refetches it. */
export const openLotsQueryKey = (trackingId: string) => ['trackings', trackingId, 'open-lots'] as const;

/** GET /api/trackings/{id}/lots: the lot method and the open lots a SELL's fill may choose from (issue 32). */
export const getOpenLots = async (trackingId: string): Promise<LotsResponse> =>
  lotsResponseSchema.parse(await api.get<unknown>(`/api/trackings/${encodeURIComponent(trackingId)}/lots`));

export const useOpenLots = (trackingId: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: openLotsQueryKey(trackingId),
      queryFn: () => getOpenLots(trackingId),
      staleTime: 0,
      enabled,
    }),
  );
