import {
  type EtfInfoResponse,
  etfInfoResponseSchema,
  SYMBOL_PATTERN,
} from '@etf-replicator/core/contracts/market-data';
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

/** Only a ticker is asked for: an own list's tracking follows "*CUSTOM" (issue 30), which no ETF is. */
export const useEtfInfo = (symbol: string | undefined) =>
  useQuery({
    ...getEtfInfoQueryOptions(symbol ?? ''),
    enabled: symbol !== undefined && SYMBOL_PATTERN.test(symbol),
  });
