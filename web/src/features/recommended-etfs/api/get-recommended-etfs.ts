import { type RecommendedEtf, recommendedEtfSchema } from '@etf-replicator/core/contracts/market-data';
import { RECOMMENDED_ETF_SYMBOLS } from '@etf-replicator/core/market-data/recommended-etfs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /api/etf/etf-recommended-list with the spec 2 §9 symbols, in that order. */
export const getRecommendedEtfs = async (): Promise<RecommendedEtf[]> =>
  z
    .array(recommendedEtfSchema)
    .parse(
      await api.get<unknown>(`/api/etf/etf-recommended-list?etfSymbol=${RECOMMENDED_ETF_SYMBOLS.join(',')}`),
    );

export const getRecommendedEtfsQueryOptions = () =>
  queryOptions({ queryKey: ['recommended-etfs'], queryFn: getRecommendedEtfs, staleTime: 10 * 60_000 });

export const useRecommendedEtfs = () => useQuery(getRecommendedEtfsQueryOptions());
