import type { CustomerClientSecret } from '@etf-replicator/core/billing/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A customer-session client secret for Stripe's pricing table (the server creates the customer on first need). */
export const getCustomerClientSecret = (): Promise<CustomerClientSecret> =>
  api.get<CustomerClientSecret>('/api/billing/existing-customer-client-secret');

export const getCustomerClientSecretQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['billing', 'client-secret', userId],
    queryFn: getCustomerClientSecret,
    // Customer sessions expire after 30 minutes.
    staleTime: 0,
    gcTime: 0,
  });

export const useCustomerClientSecret = (userId: string, enabled: boolean) =>
  useQuery({ ...getCustomerClientSecretQueryOptions(userId), enabled });
