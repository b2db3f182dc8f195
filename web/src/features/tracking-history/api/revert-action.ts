import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import type { MutationConfig } from '@/lib/react-query';

export type RevertInput = { trackingId: string; actionId: string };

/** POST /api/history/{trackingId}/revert {actionId}: a compensating action; the history keeps both. */
export const revertAction = async ({ trackingId, actionId }: RevertInput): Promise<void> => {
  await api.post(
    `/api/history/${encodeURIComponent(trackingId)}/revert`,
    { actionId },
    { headers: idempotencyHeaders() },
  );
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
