import { type EtfInfoResponse, etfInfoResponseSchema } from '@etf-replicator/core/contracts/market-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type EtfInfo = EtfInfoResponse;

export const getEtfInfo = async (symbol: string): Promise<EtfInfo> =>
  etfInfoResponseSchema.parse(
    await api.get<unknown>(`/api/etf/etf-info?etfSymbol=${encodeURIComponent(symbol)}`),
  );

export const getEtfInfoQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: ['etf-info', symbol],
    queryFn: () => getEtfInfo(symbol),
    staleTime: 5 * 60_000,
  });

export const useEtfInfo = (symbol: string | undefined) =>
  useQuery({ ...getEtfInfoQueryOptions(symbol ?? ''), enabled: Boolean(symbol) });
