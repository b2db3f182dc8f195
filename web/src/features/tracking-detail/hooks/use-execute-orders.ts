import type { WashSaleWarning } from '@etf-replicator/core/contracts/taxes';
import {
  type AdjustmentOrderLine,
  batchOrderFailure,
  trackingMessages,
} from '@etf-replicator/core/contracts/trackings';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useApplyAdjustmentOrders } from '../api/apply-adjustment-order';

/**
 * Executes the chosen orders in ONE request (spec 2 §4): the server records all of them or none. While it runs
 * `executing` is true so every control can be disabled; a refusal names the order's symbol in the spec's toast
 * ('Error executing order for {symbol}', with the server's reason). Resolves with the symbols that were recorded;
 * `warnings` are the wash sales the last recorded BUYs caused (issue 26), shown until dismissed.
 */
export const useExecuteOrders = (trackingId: string) => {
  const apply = useApplyAdjustmentOrders(trackingId);
  const [executing, setExecuting] = useState(false);
  const [warnings, setWarnings] = useState<readonly WashSaleWarning[]>([]);
  const execute = async (orders: readonly AdjustmentOrderLine[]): Promise<string[]> => {
    if (orders.length === 0) return [];
    setExecuting(true);
    try {
      const answer = await apply.mutateAsync({ trackingId, orders });
      setWarnings(answer?.warnings ?? []);
      return orders.map((order) => order.symbol);
    } catch (error) {
      const known = isApiError(error) && error.status !== undefined && error.status < 500;
      const failure = known ? batchOrderFailure.parse(error.message) : undefined;
      const symbol = failure?.symbol ?? (orders.length === 1 ? orders[0]?.symbol : undefined);
      const reason = failure?.reason ?? (known ? error.message : undefined);
      notify.error(
        symbol ? trackingMessages.executeFailed(symbol) : 'Error executing the selected orders',
        orders.length > 1 && reason ? `${reason} Nothing was recorded.` : reason,
      );
      return [];
    } finally {
      setExecuting(false);
    }
  };
  return { execute, executing, warnings, dismissWarnings: () => setWarnings([]) };
};
