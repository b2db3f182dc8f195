import {
  type MarketImportResult,
  type MarketRefreshRunsPage,
  marketImportResponseSchema,
  marketRefreshRunsPageSchema,
} from '@etf-replicator/core/contracts/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export type {
  MarketImportResult,
  MarketRefreshRun,
  MarketRefreshRunsPage,
} from '@etf-replicator/core/contracts/admin';

/** GET /api/admin/market/refreshes: the last ten runs, newest first. */
export const getRefreshRuns = async (): Promise<MarketRefreshRunsPage> =>
  marketRefreshRunsPageSchema.parse(await api.get<unknown>('/api/admin/market/refreshes?page=0&size=10'));

export const refreshRunsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'market', 'refreshes'],
    queryFn: getRefreshRuns,
    staleTime: 0,
    // While a run is going on, follow it.
    refetchInterval: (query) =>
      query.state.data?.content.some((run) => run.status === 'running') ? 2000 : false,
  });

export const useRefreshRuns = () => useQuery(refreshRunsQueryOptions());

/** POST /api/admin/market/refresh: 202 with the run; 409 while one runs, 503 without FMP_API_KEY. */
export const startRefresh = async () =>
  z.object({ runId: z.string() }).parse(await api.post<unknown>('/api/admin/market/refresh', {}));

export const useStartRefresh = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startRefresh,
    onSettled: () => client.invalidateQueries({ queryKey: refreshRunsQueryOptions().queryKey }),
  });
};

/** POST /api/admin/market/import {asOf}: the bundled snapshot with that date's closes (answers once projected). */
export const importDated = async (asOf: string): Promise<MarketImportResult> =>
  marketImportResponseSchema.parse(await api.post<unknown>('/api/admin/market/import', { asOf }));

export const useImportDated = () => useMutation({ mutationFn: importDated });
