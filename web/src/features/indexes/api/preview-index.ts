import {
  type IndexPreview,
  type IndexRequest,
  indexPreviewResponseSchema,
} from '@etf-replicator/core/contracts/indexes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export type { IndexPreview };

/** POST /api/indexes/preview: what an index holds, what cannot be bought; with a trackingId its orders (nothing recorded). */
export const previewIndex = async (
  index: IndexRequest,
  trackingId?: string,
  signal?: AbortSignal,
): Promise<IndexPreview> =>
  indexPreviewResponseSchema.parse(
    await api.post<unknown>(
      '/api/indexes/preview',
      { index, ...(trackingId ? { trackingId } : {}) },
      signal ? { signal } : {},
    ),
  );

/** The preview of `index` (undefined: none to ask for). The preview is under 'trackings' so a change refreshes it. */
export const useIndexPreview = (index: IndexRequest | undefined, trackingId?: string) =>
  useQuery({
    queryKey: ['trackings', 'index-preview', trackingId ?? null, index ?? null],
    queryFn: ({ signal }) => previewIndex(index as IndexRequest, trackingId, signal),
    enabled: index !== undefined,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** The server's words for a refused definition (400 naming the row, 403 naming the plan), else a general line. */
export const previewErrorMessage = (error: unknown): string =>
  isApiError(error) && error.status !== undefined && error.status < 500 && error.message
    ? error.message
    : 'The index could not be checked right now. Please try again.';
