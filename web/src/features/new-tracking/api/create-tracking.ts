import type { IndexRequest } from '@etf-replicator/core/contracts/indexes';
import {
  type CreateTrackingRequest,
  createTrackingResponseSchema,
  type ReplicateResponse,
} from '@etf-replicator/core/contracts/trackings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import type { MutationConfig } from '@/lib/react-query';

export type CreatedTracking = z.infer<typeof createTrackingResponseSchema>;

/**
 * The body of POST /api/trackings for a replicate result: a new tracking holds no positions yet, so its current
 * replication is all cash; the target is what the user was shown.
 */
export const createTrackingRequest = (result: ReplicateResponse): CreateTrackingRequest => ({
  symbol: result.symbol,
  currentReplication: {
    targetInvestmentAmount: result.targetInvestmentAmount,
    investments: [],
    leftoverAmount: result.targetInvestmentAmount,
  },
  targetReplication: { investments: result.investments, leftoverAmount: result.leftoverAmount },
});

/**
 * The body of POST /api/trackings for a blend or an own list (issue 30): no replicate call first, the server derives
 * the target from the index's snapshots.
 */
export const indexTrackingRequest = (index: IndexRequest, amount: string): CreateTrackingRequest => ({
  index,
  currentReplication: { targetInvestmentAmount: amount, investments: [], leftoverAmount: amount },
});

export const createTracking = async (request: CreateTrackingRequest): Promise<CreatedTracking> =>
  createTrackingResponseSchema.parse(
    await api.post<unknown>('/api/trackings', request, { headers: idempotencyHeaders() }),
  );

export const useCreateTracking = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof createTracking>;
} = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createTracking,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: ['trackings'] });
      onSuccess?.(...args);
    },
  });
};
