import { type HistoryEntry, historyPageSchema } from '@etf-replicator/core/contracts/history';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type { HistoryEntry };
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** GET /api/history/{trackingId}?page (zero-based)&size */
export const getHistory = async (trackingId: string, page: number, size: number): Promise<HistoryPage> =>
  historyPageSchema.parse(
    await api.get<unknown>(`/api/history/${encodeURIComponent(trackingId)}?page=${page}&size=${size}`),
  );

export const getHistoryQueryOptions = (trackingId: string, page: number, size: number) =>
  queryOptions({
    queryKey: ['trackings', 'history', trackingId, { page, size }],
    queryFn: () => getHistory(trackingId, page, size),
    staleTime: 0,
  });

export const useHistory = (trackingId: string, page: number, size: number) =>
  useQuery({ ...getHistoryQueryOptions(trackingId, page, size), placeholderData: keepPreviousData });
