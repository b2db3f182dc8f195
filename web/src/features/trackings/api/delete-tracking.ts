import type { TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { withRetryableIdempotencyKey } from '@/lib/idempotency';
import type { MutationConfig } from '@/lib/react-query';
import { getTrackingsSummaryQueryOptions } from './get-trackings-summary';

/** DELETE /api/trackings/{id}: 204 on success, 403 when it is someone else's. */
export const deleteTracking = async (trackingId: string): Promise<void> => {
  const url = `/api/trackings/${encodeURIComponent(trackingId)}`;
  await withRetryableIdempotencyKey(`DELETE ${url}`, (headers) => api.delete(url, { headers }));
};

/** Spec 2 §8 for a failed delete. */
export const deleteTrackingErrorMessage = (error: unknown): string =>
  isApiError(error, 403) ? trackingMessages.deleteForbidden : trackingMessages.deleteFailed;

export const useDeleteTracking = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof deleteTracking>;
} = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteTracking,
    onSuccess: (...args) => {
      const [, trackingId] = args;
      // The row goes at once; the refetch confirms it.
      queryClient.setQueryData<TrackingSummary[]>(getTrackingsSummaryQueryOptions().queryKey, (rows) =>
        rows?.filter((row) => row.trackingId !== trackingId),
      );
      // The deleted tracking's own reads (its tax records in the dialog) answer 404 from now on: dropped, not
      // refetched. Its sales stay in the account's tax report, which the invalidation refreshes.
      queryClient.removeQueries({ queryKey: ['trackings', 'taxes', trackingId] });
      void queryClient.invalidateQueries({
        queryKey: ['trackings'],
        predicate: (query) => !query.queryKey.includes(trackingId),
      });
      onSuccess?.(...args);
    },
  });
};
