import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ifMatchHeaders, rememberRevision } from '@/features/tracking-detail/api/tracking-revision';
import { api } from '@/lib/api-client';
import { withRetryableIdempotencyKey } from '@/lib/idempotency';
import type { MutationConfig } from '@/lib/react-query';

export type RevertInput = { trackingId: string; actionId: string };

/** POST /api/history/{trackingId}/revert {actionId}: a compensating action; the history keeps both. */
export const revertAction = async ({ trackingId, actionId }: RevertInput): Promise<void> => {
  const url = `/api/history/${encodeURIComponent(trackingId)}/revert`;
  const answer = await withRetryableIdempotencyKey(`POST ${url} ${actionId}`, (headers) =>
    api.post<unknown>(url, { actionId }, { headers: { ...headers, ...ifMatchHeaders(trackingId) } }),
  );
  const detail = trackingDetailSchema.safeParse(answer);
  if (detail.success) rememberRevision(trackingId, detail.data.revision);
};

/** Spec 2 §4: after a revert the current history page reloads (with the tracking and the summary). */
export const useRevertAction = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof revertAction>;
} = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: revertAction,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: ['trackings'] });
      onSuccess?.(...args);
    },
  });
};
