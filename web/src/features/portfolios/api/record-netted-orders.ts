import {
  type PortfolioOrdersRequest,
  portfolioOrdersResponseSchema,
} from '@etf-replicator/core/contracts/portfolio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';
import { withRetryableIdempotencyKey } from '@/lib/idempotency';
import type { MutationConfig } from '@/lib/react-query';
import { type PortfolioResponse, portfolioQueryKey } from './get-portfolio';

export type RecordNettedOrdersInput = {
  /** The portfolio revision the orders were read from: sent back as If-Match so a stale list is refused (409). */
  revision: string;
  body: PortfolioOrdersRequest;
};
export type RecordNettedOrdersAnswer = z.infer<typeof portfolioOrdersResponseSchema>;

const ORDERS_URL = '/api/portfolio/orders';

/**
 * POST /api/portfolio/orders: the netted orders as executed, split by the API into one event per tracking, all
 * trackings or none. The Idempotency-Key is reused when the same action is retried after an unclear failure.
 */
export const recordNettedOrders = async ({
  revision,
  body,
}: RecordNettedOrdersInput): Promise<RecordNettedOrdersAnswer> =>
  portfolioOrdersResponseSchema.parse(
    await withRetryableIdempotencyKey(`POST ${ORDERS_URL} ${revision} ${JSON.stringify(body)}`, (headers) =>
      api.post<unknown>(ORDERS_URL, body, { headers: { ...headers, 'If-Match': `"p${revision}"` } }),
    ),
  );

/**
 * Shows the portfolio the answer carries at once, then refetches everything under ['trackings'] (each tracking's
 * detail, history and the list changed too). A 409 (a tracking changed elsewhere) refetches the portfolio.
 */
export const useRecordNettedOrders = (config: MutationConfig<typeof recordNettedOrders> = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = config;
  return useMutation({
    ...rest,
    mutationFn: recordNettedOrders,
    onSuccess: (...args) => {
      queryClient.setQueryData<PortfolioResponse>(portfolioQueryKey, args[0].portfolio);
      void queryClient.invalidateQueries({ queryKey: ['trackings'] });
      onSuccess?.(...args);
    },
    onError: (...args) => {
      if (isApiError(args[0], 409)) void queryClient.invalidateQueries({ queryKey: portfolioQueryKey });
      onError?.(...args);
    },
  });
};
