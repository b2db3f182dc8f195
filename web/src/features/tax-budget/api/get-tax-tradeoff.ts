import {
  type TaxTradeoffResponse,
  taxTradeoffResponseSchema,
} from '@etf-replicator/core/contracts/tax-budget';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { TaxTradeoffResponse };

/** Under ['trackings', …]: every tracking command (orders, budget, reverts) refetches it. */
export const taxTradeoffQueryKey = (trackingId: string) => ['trackings', 'tax-tradeoff', trackingId] as const;

/** GET /api/trackings/{id}/tax-tradeoff: the best rate at each budget, and the years to 95 %. */
export const getTaxTradeoff = async (trackingId: string): Promise<TaxTradeoffResponse> =>
  taxTradeoffResponseSchema.parse(
    await api.get<unknown>(`/api/trackings/${encodeURIComponent(trackingId)}/tax-tradeoff`),
  );

export const useTaxTradeoff = (trackingId: string, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: taxTradeoffQueryKey(trackingId),
      queryFn: () => getTaxTradeoff(trackingId),
      staleTime: 0,
      enabled,
    }),
  );
