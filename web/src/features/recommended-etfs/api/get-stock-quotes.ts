import {
  type StockQuoteResponse,
  stockQuoteResponseSchema,
} from '@etf-replicator/core/contracts/market-data';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/stock/{symbol}: the snapshot's last price of one symbol (null when the snapshot has none). */
export const getStockQuote = async (symbol: string): Promise<StockQuoteResponse | null> => {
  try {
    return stockQuoteResponseSchema.parse(await api.get<unknown>(`/api/stock/${encodeURIComponent(symbol)}`));
  } catch {
    return null;
  }
};

export const getStockQuoteQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: ['stock-quote', symbol],
    queryFn: () => getStockQuote(symbol),
    staleTime: 10 * 60_000,
  });

/** The quotes of several symbols, in their order; a symbol without a quote is left out. */
export const useStockQuotes = (symbols: readonly string[]) =>
  useQueries({
    queries: symbols.map((symbol) => getStockQuoteQueryOptions(symbol)),
    combine: (results) => results.flatMap((result) => (result.data?.price ? [result.data] : [])),
  });
