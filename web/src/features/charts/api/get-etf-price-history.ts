import { etfPricePointSchema } from '@etf-replicator/core/contracts/market-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const pointsSchema = z.array(etfPricePointSchema);

/** Two years of daily closes up to today (the bundled history may end earlier). */
export const priceHistoryStart = (today = new Date()): string => {
  const start = new Date(today);
  start.setUTCFullYear(start.getUTCFullYear() - 2);
  return start.toISOString().slice(0, 10);
};

export const getEtfPriceHistory = async (symbol: string, from: string) =>
  pointsSchema.parse(
    await api.get<unknown>(
      `/api/etf/etf-price-history?etfSymbol=${encodeURIComponent(symbol)}&from=${encodeURIComponent(from)}`,
    ),
  );

export const getEtfPriceHistoryQueryOptions = (symbol: string, from = priceHistoryStart()) =>
  queryOptions({
    queryKey: ['etf-price-history', symbol, from],
    queryFn: () => getEtfPriceHistory(symbol, from),
    staleTime: 60 * 60_000,
  });

export const useEtfPriceHistory = (symbol: string) => useQuery(getEtfPriceHistoryQueryOptions(symbol));
