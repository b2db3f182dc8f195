import type { Invoice } from '@etf-replicator/core/billing/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getInvoices = (): Promise<Invoice[]> => api.get<Invoice[]>('/api/billing/invoices');

export const getInvoicesQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'invoices'], queryFn: getInvoices, staleTime: 0 });

export const useInvoices = () => useQuery(getInvoicesQueryOptions());
