import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import type { MutationConfig } from '@/lib/react-query';
import { postCommand, readReplicationState, useTrackingCommand } from './tracking-command';

export type ExecuteOrdersInput = { trackingId: string; orders: readonly AdjustmentOrderLine[] };

const toBody = (order: AdjustmentOrderLine) => ({
  symbol: order.symbol,
  shares: order.shares,
  orderType: order.orderType,
});

/**
 * POST /api/trackings/{id}/applyAdjustmentOrders: one order as `{symbol, shares (string), orderType}`, several as an
 * array of them — ONE request and one command, recorded all or nothing.
 */
export const applyAdjustmentOrders = async ({
  trackingId,
  orders,
}: ExecuteOrdersInput): Promise<ReturnType<typeof readReplicationState>> =>
  readReplicationState(
    await postCommand(
      trackingId,
      `/api/trackings/${encodeURIComponent(trackingId)}/applyAdjustmentOrders`,
      orders.length === 1 && orders[0] ? toBody(orders[0]) : orders.map(toBody),
    ),
  );

export const useApplyAdjustmentOrders = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof applyAdjustmentOrders>,
) => useTrackingCommand(trackingId, applyAdjustmentOrders, mutationConfig);
