import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import type { MutationConfig } from '@/lib/react-query';
import { postCommand, readReplicationState, useTrackingCommand } from './tracking-command';

export type ExecuteOrderInput = { trackingId: string; order: AdjustmentOrderLine };

/** POST /api/trackings/{id}/applyAdjustmentOrders {symbol, shares (string), orderType}: records an executed order. */
export const applyAdjustmentOrder = async ({
  trackingId,
  order,
}: ExecuteOrderInput): Promise<ReturnType<typeof readReplicationState>> =>
  readReplicationState(
    await postCommand(`/api/trackings/${encodeURIComponent(trackingId)}/applyAdjustmentOrders`, {
      symbol: order.symbol,
      shares: order.shares,
      orderType: order.orderType,
    }),
  );

export const useApplyAdjustmentOrder = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof applyAdjustmentOrder>,
) => useTrackingCommand(trackingId, applyAdjustmentOrder, mutationConfig);
