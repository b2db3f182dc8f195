import { queryOptions, useQuery } from '@tanstack/react-query';
import { getHistory, type HistoryEntry } from './get-history';

const PAGE_SIZE = 50;
/** Enough for any real tracking; the chart says so when a history is longer. */
const MAX_PAGES = 40;

/** Every history entry of a tracking, page by page, as the API orders them (for the rate-over-time chart). */
export const getFullHistory = async (trackingId: string): Promise<HistoryEntry[]> => {
  const entries: HistoryEntry[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { content, totalElements } = await getHistory(trackingId, page, PAGE_SIZE);
    entries.push(...content);
    if (content.length === 0 || entries.length >= totalElements) break;
  }
  return entries;
};

export const getFullHistoryQueryOptions = (trackingId: string) =>
  queryOptions({
    queryKey: ['trackings', 'history', trackingId, 'all'],
    queryFn: () => getFullHistory(trackingId),
    staleTime: 0,
  });

export const useFullHistory = (trackingId: string) => useQuery(getFullHistoryQueryOptions(trackingId));
