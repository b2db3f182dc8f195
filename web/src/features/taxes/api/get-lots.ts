import { type LotsResponse, lotsResponseSchema } from '@etf-replicator/core/contracts/taxes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { LotsResponse };
export type HoldingLots = LotsResponse['holdings'][number];

/** Under ['trackings', …] so that every tracking command (orders, reverts, harvests) refetches it. */
export const lotsQueryKey = (trackingId: string) => ['trackings', 'taxes', trackingId, 'lots'] as const;

/** GET /api/trackings/{id}/lots: open lots per holding at the latest snapshot price, and the lot method. */
export const getLots = async (trackingId: string): Promise<LotsResponse> =>
  lotsResponseSchema.parse(await api.get<unknown>(`/api/trackings/${encodeURIComponent(trackingId)}/lots`));

export const getLotsQueryOptions = (trackingId: string) =>
  queryOptions({ queryKey: lotsQueryKey(trackingId), queryFn: () => getLots(trackingId), staleTime: 0 });

export const useLots = (trackingId: string) => useQuery(getLotsQueryOptions(trackingId));
