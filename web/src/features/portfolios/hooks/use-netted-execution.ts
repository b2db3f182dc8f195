import { type NettedOrder, portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRecordNettedOrders } from '../api/record-netted-orders';
import { orderKey, ordersToRecord } from '../utils/netted-orders';

/** Why the last recording was refused, in words the investor can act on. */
const refusalText = (error: unknown): string => {
  if (isApiError(error, 409)) return portfolioMessages.changedElsewhere;
  if (isApiError(error, 403)) return portfolioMessages.paidPlanOnly;
  if (isApiError(error) && error.status !== undefined && error.status < 500)
    return `${error.message.replace(/\.?$/, '.')} Nothing was recorded.`;
  return 'The orders could not be recorded. Nothing was recorded; please try again.';
};

/**
 * The netted order list's selection and its recording: the selected orders go in ONE request with the revision the
 * list was read from, so all trackings record them or none do. A refusal stays on screen until the next attempt.
 */
export const useNettedExecution = (revision: string, orders: readonly NettedOrder[]) => {
  const record = useRecordNettedOrders();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [refusal, setRefusal] = useState<string>();
  // A refetched list may lack orders selected before: only the orders still listed count.
  const chosen = orders.filter((order) => selected.has(orderKey(order)));
  const allSelected = orders.length > 0 && chosen.length === orders.length;

  const toggle = (order: NettedOrder, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(orderKey(order));
      else next.delete(orderKey(order));
      return next;
    });

  const execute = async () => {
    if (chosen.length === 0 || record.isPending) return;
    setRefusal(undefined);
    try {
      const answer = await record.mutateAsync({ revision, body: ordersToRecord(orders, selected) });
      setSelected(new Set());
      const trackings = answer.recorded.filter((part) => part.orders > 0).length;
      notify.success(
        `Recorded ${chosen.length} ${chosen.length === 1 ? 'order' : 'orders'} in ${trackings} ${trackings === 1 ? 'tracking' : 'trackings'}`,
      );
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };

  return {
    selected,
    chosen,
    allSelected,
    toggle,
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(orders.map(orderKey))),
    execute,
    executing: record.isPending,
    refusal,
  };
};
