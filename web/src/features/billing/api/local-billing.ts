import type { LocalBillingResult, LocalPlanRequest } from '@etf-replicator/core/billing/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAccessToken } from '@/lib/session';

/** Local test mode: each call makes the server send signed Stripe-shaped events to its own webhook. */
export type LocalBillingAction =
  | { action: 'checkout'; plan: LocalPlanRequest['plan'] }
  | { action: 'change-plan'; plan: LocalPlanRequest['plan'] }
  | { action: 'cancel' }
  | { action: 'payment-failure' };

export const runLocalBillingAction = async (input: LocalBillingAction): Promise<LocalBillingResult> => {
  const body = 'plan' in input ? { plan: input.plan } : {};
  const result = await api.post<LocalBillingResult>(`/api/billing/local/${input.action}`, body);
  // The plan claim lives in the access token: a fresh one opens (or closes) plan features at once.
  await refreshAccessToken();
  return result;
};

export const useLocalBillingAction = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof runLocalBillingAction>;
} = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: runLocalBillingAction,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries();
      await onSuccess?.(...args);
    },
  });
};
