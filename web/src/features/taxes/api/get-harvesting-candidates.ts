import {
  type HarvestCandidate,
  type TaxLossHarvestingResponse,
  taxLossHarvestingResponseSchema,
} from '@etf-replicator/core/contracts/taxes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { HarvestCandidate, TaxLossHarvestingResponse };

/**
 * GET /api/trackings/{id}/tax-loss-harvesting?minLoss= ("100" dollars or "5%"); without minLoss the server's
 * default applies ($100 or 5 %).
 */
export const getHarvestingCandidates = async (
  trackingId: string,
  minLoss: string | undefined,
): Promise<TaxLossHarvestingResponse> =>
  taxLossHarvestingResponseSchema.parse(
    await api.get<unknown>(
      `/api/trackings/${encodeURIComponent(trackingId)}/tax-loss-harvesting${
        minLoss === undefined ? '' : `?minLoss=${encodeURIComponent(minLoss)}`
      }`,
    ),
  );

export const getHarvestingCandidatesQueryOptions = (trackingId: string, minLoss: string | undefined) =>
  queryOptions({
    queryKey: ['trackings', 'taxes', trackingId, 'harvesting', minLoss ?? 'default'],
    queryFn: () => getHarvestingCandidates(trackingId, minLoss),
    staleTime: 0,
  });

export const useHarvestingCandidates = (trackingId: string, minLoss: string | undefined) =>
  useQuery({
    ...getHarvestingCandidatesQueryOptions(trackingId, minLoss),
    placeholderData: keepPreviousData,
  });
