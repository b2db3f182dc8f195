import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import type { MutationConfig } from '@/lib/react-query';
import type { FilledOrder } from '../utils/fills-draft';
import { postCommand, readReplicationState, useTrackingCommand } from './tracking-command';

export type ExecuteOrdersInput = {
  trackingId: string;
  orders: readonly (AdjustmentOrderLine | FilledOrder)[];
};

/** The contract's fields only; a fill's price, trade date and lots when the investor gave them (issue 32). */
const toBody = (order: AdjustmentOrderLine | FilledOrder) => ({
  symbol: order.symbol,
  shares: order.shares,
  orderType: order.orderType,
  ...('price' in order ? { price: order.price } : {}),
  ...('executedAt' in order && order.executedAt !== undefined ? { executedAt: order.executedAt } : {}),
  ...('lots' in order && order.lots !== undefined ? { lots: order.lots } : {}),
});

/**
 * POST /api/trackings/{id}/applyAdjustmentOrders: one order as `{symbol, shares (string), orderType, price?,
 * executedAt?, lots?}`, several as an array of them — ONE request and one command, recorded all or nothing.
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
