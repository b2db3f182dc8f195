import type { BillingConfig } from '@etf-replicator/core/billing/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '@/lib/api-client';

/** Stripe's embedded pricing table, or the local test mode's own grid (public: /pricing is open to everyone). */
export const getBillingConfig = (): Promise<BillingConfig> =>
  publicApi.get<BillingConfig>('/api/billing/config');

export const getBillingConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'config'],
    queryFn: getBillingConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useBillingConfig = () => useQuery(getBillingConfigQueryOptions());
