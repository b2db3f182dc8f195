import { replicationStateSchema, trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';
import { withRetryableIdempotencyKey } from '@/lib/idempotency';
import type { MutationConfig } from '@/lib/react-query';
import { type TrackingDetail, trackingQueryKey } from './get-tracking';
import { ifMatchHeaders, rememberRevision } from './tracking-revision';

export type ReplicationState = z.infer<typeof replicationStateSchema>;

/**
 * A tracking command: POST with the revision this window shows (If-Match) and an Idempotency-Key that a retry of
 * the same action reuses (see withRetryableIdempotencyKey).
 */
export const postCommand = (trackingId: string, url: string, body?: unknown): Promise<unknown> =>
  withRetryableIdempotencyKey(`POST ${url} ${JSON.stringify(body ?? null)}`, (headers) =>
    api.post<unknown>(url, body, { headers: { ...headers, ...ifMatchHeaders(trackingId) } }),
  );

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
  if (state && 'revision' in state) rememberRevision(trackingId, state.revision);
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
  const { onSuccess, onError, ...rest } = config;
  return useMutation<Awaited<Output>, Error, Input>({
    ...rest,
    onError: (...args) => {
      // Refused because the tracking changed elsewhere: show what it is now.
      if (isApiError(args[0], 409)) void queryClient.invalidateQueries({ queryKey: ['trackings'] });
      onError?.(...args);
    },
    // A Promise<Output> resolves to Awaited<Output>; TypeScript cannot see that for a generic Output.
    mutationFn: send as (input: Input) => Promise<Awaited<Output>>,
    onSuccess: (...args) => {
      void refreshTracking(queryClient, trackingId, readReplicationState(args[0]));
      onSuccess?.(...args);
    },
  });
};
