import {
  type RealizedGainsResponse,
  realizedGainsResponseSchema,
} from '@etf-replicator/core/contracts/taxes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { RealizedGainsResponse };
export type RealizedYear = RealizedGainsResponse['years'][number];

/** GET /api/trackings/{id}/realized-gains?year= (every year without one). */
export const getRealizedGains = async (
  trackingId: string,
  year: number | undefined,
): Promise<RealizedGainsResponse> =>
  realizedGainsResponseSchema.parse(
    await api.get<unknown>(
      `/api/trackings/${encodeURIComponent(trackingId)}/realized-gains${year === undefined ? '' : `?year=${year}`}`,
    ),
  );

export const getRealizedGainsQueryOptions = (trackingId: string, year: number | undefined) =>
  queryOptions({
    queryKey: ['trackings', 'taxes', trackingId, 'realized-gains', year ?? 'all'],
    queryFn: () => getRealizedGains(trackingId, year),
    staleTime: 0,
  });

export const useRealizedGains = (trackingId: string, year: number | undefined) =>
  useQuery({ ...getRealizedGainsQueryOptions(trackingId, year), placeholderData: keepPreviousData });
