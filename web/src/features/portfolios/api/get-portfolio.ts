import { type PortfolioResponse, portfolioResponseSchema } from '@etf-replicator/core/contracts/portfolio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { PortfolioResponse };

/** Under ['trackings', …] so that every tracking command (orders, reverts, target changes) refetches it too. */
export const portfolioQueryKey = ['trackings', 'portfolio'] as const;

/** GET /api/portfolio: every tracking of the investor as one portfolio (issue 29). */
export const getPortfolio = async (): Promise<PortfolioResponse> =>
  portfolioResponseSchema.parse(await api.get<unknown>('/api/portfolio'));

export const getPortfolioQueryOptions = () =>
  queryOptions({ queryKey: portfolioQueryKey, queryFn: getPortfolio, staleTime: 0 });

export const usePortfolio = () => useQuery(getPortfolioQueryOptions());
