import {
  type AccountRealizedGainsResponse,
  accountRealizedGainsResponseSchema,
} from '@etf-replicator/core/contracts/taxes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { AccountRealizedGainsResponse };

/** Under ['trackings', …] so that every tracking command (orders, reverts, harvests) refetches it. */
export const accountGainsQueryKey = (year: number) =>
  ['trackings', 'taxes', 'account', 'gains', year] as const;

/** GET /api/tax/realized-gains?year=: every tracking's realised rows of the year (deleted ones too), by 8949 part. */
export const getAccountGains = async (year: number): Promise<AccountRealizedGainsResponse> =>
  accountRealizedGainsResponseSchema.parse(await api.get<unknown>(`/api/tax/realized-gains?year=${year}`));

export const getAccountGainsQueryOptions = (year: number) =>
  queryOptions({ queryKey: accountGainsQueryKey(year), queryFn: () => getAccountGains(year), staleTime: 0 });

export const useAccountGains = (year: number) =>
  useQuery({ ...getAccountGainsQueryOptions(year), placeholderData: keepPreviousData });
