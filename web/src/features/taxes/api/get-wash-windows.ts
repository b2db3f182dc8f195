import { type WashWindowsResponse, washWindowsResponseSchema } from '@etf-replicator/core/contracts/taxes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { WashWindowsResponse };
export type WashWindow = WashWindowsResponse['windows'][number];

/** GET /api/tax/windows: the investor's open wash-sale windows (every tracking); refetched after any command. */
export const getWashWindows = async (): Promise<WashWindowsResponse> =>
  washWindowsResponseSchema.parse(await api.get<unknown>('/api/tax/windows'));

export const getWashWindowsQueryOptions = () =>
  queryOptions({ queryKey: ['trackings', 'taxes', 'windows'], queryFn: getWashWindows, staleTime: 0 });

export const useWashWindows = () => useQuery(getWashWindowsQueryOptions());
