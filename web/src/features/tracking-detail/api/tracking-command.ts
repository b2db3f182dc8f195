import { replicationStateSchema, trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import type { MutationConfig } from '@/lib/react-query';
import { type TrackingDetail, trackingQueryKey } from './get-tracking';

export type ReplicationState = z.infer<typeof replicationStateSchema>;

/** A tracking command: POST with a fresh Idempotency-Key (one per user action). */
export const postCommand = (url: string, body?: unknown): Promise<unknown> =>
  api.post<unknown>(url, body, { headers: idempotencyHeaders() });

/**
 * What a command answered: the whole tracking detail (settings, target changes, reverts), the replication state
 * (applyAdjustmentOrders), or nothing usable.
 */
export const readReplicationState = (body: unknown): ReplicationState | TrackingDetail | undefined => {
  const detail = trackingDetailSchema.safeParse(body);
  if (detail.success) return detail.data;
  const state = replicationStateSchema.safeParse(body);
  return state.success ? state.data : undefined;
};

/** Shows a new replication state at once, then refetches the tracking, its history and the summary. */
export const refreshTracking = async (
  queryClient: QueryClient,
  trackingId: string,
  state?: ReplicationState | TrackingDetail,
): Promise<void> => {
  if (state) {
    queryClient.setQueryData<TrackingDetail>(trackingQueryKey(trackingId), (detail) =>
      detail ? { ...detail, ...state } : detail,
    );
  }
  await queryClient.invalidateQueries({ queryKey: ['trackings'] });
};

/** useMutation for one command of a tracking; the caller's onSuccess runs after the refresh has started. */
export const useTrackingCommand = <Input, Output>(
  trackingId: string,
  send: (input: Input) => Promise<Output>,
  config: Omit<MutationConfig<(input: Input) => Promise<Output>>, 'mutationFn'> = {},
) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation<Awaited<Output>, Error, Input>({
    ...rest,
    // A Promise<Output> resolves to Awaited<Output>; TypeScript cannot see that for a generic Output.
    mutationFn: send as (input: Input) => Promise<Awaited<Output>>,
    onSuccess: (...args) => {
      void refreshTracking(queryClient, trackingId, readReplicationState(args[0]));
      onSuccess?.(...args);
    },
  });
};
