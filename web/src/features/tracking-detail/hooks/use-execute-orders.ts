import { type AdjustmentOrderLine, trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useApplyAdjustmentOrder } from '../api/apply-adjustment-order';

/**
 * Executes orders one by one (spec 2 §4). While it runs `executing` is true so every control can be disabled; a
 * failed symbol gets its own toast ('Error executing order for {symbol}', with the server's reason) and the rest
 * still run. Resolves with the symbols that were recorded.
 */
export const useExecuteOrders = (trackingId: string) => {
  const apply = useApplyAdjustmentOrder(trackingId);
  const [executing, setExecuting] = useState(false);
  const execute = async (orders: readonly AdjustmentOrderLine[]): Promise<string[]> => {
    setExecuting(true);
    const recorded: string[] = [];
    try {
      for (const order of orders) {
        try {
          await apply.mutateAsync({ trackingId, order });
          recorded.push(order.symbol);
        } catch (error) {
          const reason =
            isApiError(error) && error.status !== undefined && error.status < 500 ? error.message : undefined;
          notify.error(trackingMessages.executeFailed(order.symbol), reason);
        }
      }
    } finally {
      setExecuting(false);
    }
    return recorded;
  };
  return { execute, executing };
};
