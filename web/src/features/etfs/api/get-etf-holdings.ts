import { etfHoldingResponseSchema, SYMBOL_PATTERN } from '@etf-replicator/core/contracts/market-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

/** The contract's holding; `sector` is read when the server sends it (the sector chart needs it per holding). */
const holdingSchema = etfHoldingResponseSchema.extend({ sector: z.string().nullable().optional() });
export type EtfHolding = z.infer<typeof holdingSchema>;

/**
 * GET /api/etf/etf-holdings: the holdings the caller's plan may see, largest weight first. Spec 2 §7: on failure
 * the list falls back to empty (an ETF without a holdings list, such as LEAD, says why in its ETF info).
 */
export const getEtfHoldings = async (symbol: string): Promise<EtfHolding[]> => {
  try {
    const body = await api.get<unknown>(`/api/etf/etf-holdings?etfSymbol=${encodeURIComponent(symbol)}`);
    return z.array(holdingSchema).parse(body);
  } catch {
    return [];
  }
};

/** The plan is part of the key: an upgrade changes what the server sends. */
export const getEtfHoldingsQueryOptions = (symbol: string, plan: string | undefined) =>
  queryOptions({
    queryKey: ['etf-holdings', symbol, plan ?? 'FREE'],
    queryFn: () => getEtfHoldings(symbol),
    staleTime: 5 * 60_000,
  });

export const useEtfHoldings = (symbol: string | undefined) => {
  const plan = useSession((state) => state.plan);
  // Only a ticker is asked for: an own list's tracking follows "*CUSTOM" (issue 30), which no ETF is.
  return useQuery({
    ...getEtfHoldingsQueryOptions(symbol ?? '', plan),
    enabled: symbol !== undefined && SYMBOL_PATTERN.test(symbol),
  });
};
