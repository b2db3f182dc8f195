import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import type { MutationConfig } from '@/lib/react-query';
import { postCommand, readReplicationState, useTrackingCommand } from './tracking-command';

export type AddCashAndOrdersInput = {
  trackingId: string;
  /** Decimal string: the detail's cashToReachTarget. */
  amount: string;
  orders: readonly AdjustmentOrderLine[];
};

/**
 * POST /api/trackings/{id}/applyAdjustmentOrders `{addCash, orders}` (issue 32): the cash that reaches the target
 * and the orders it pays for, recorded together in ONE request, all or nothing.
 */
export const addCashAndOrders = async ({
  trackingId,
  amount,
  orders,
}: AddCashAndOrdersInput): Promise<ReturnType<typeof readReplicationState>> =>
  readReplicationState(
    await postCommand(trackingId, `/api/trackings/${encodeURIComponent(trackingId)}/applyAdjustmentOrders`, {
      addCash: amount,
      orders: orders.map(({ symbol, shares, orderType }) => ({ symbol, shares, orderType })),
    }),
  );

export const useAddCashAndOrders = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof addCashAndOrders>,
) => useTrackingCommand(trackingId, addCashAndOrders, mutationConfig);
