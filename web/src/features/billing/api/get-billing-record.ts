import type { BillingRecord } from '@etf-replicator/core/billing/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The billing record of spec 1 §3: customerId, subscriptionId, subscriptionPlan (truthy = Active), email. */
export const getBillingRecord = (userId: string): Promise<BillingRecord> =>
  api.get<BillingRecord>(`/api/billing/${encodeURIComponent(userId)}`);

export const getBillingRecordQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['billing', 'record', userId],
    queryFn: () => getBillingRecord(userId),
    staleTime: 0,
  });

export const useBillingRecord = (userId: string) => useQuery(getBillingRecordQueryOptions(userId));
