import { type NettedOrder, portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRecordNettedOrders } from '../api/record-netted-orders';
import type { RecordedOrder } from '../utils/netted-fills';
import { orderKey } from '../utils/netted-orders';

/** What the fills dialog needs: the orders being confirmed, the API's refusal, and its two ways out. */
export type NettedConfirmation = {
  orders: readonly NettedOrder[] | undefined;
  refusal: string | undefined;
  recording: boolean;
  record: (filled: readonly RecordedOrder[]) => Promise<void>;
  cancel: () => void;
};

/** A refusal that makes the orders on screen wrong (they changed, or the plan cannot record them) closes the dialog. */
const listRefusal = (error: unknown): string | undefined => {
  if (isApiError(error, 409)) return portfolioMessages.changedElsewhere;
  if (isApiError(error, 403)) return portfolioMessages.paidPlanOnly;
  return undefined;
};

/** Any other refusal stays in the dialog beside what was typed. */
const fillRefusal = (error: unknown): string =>
  isApiError(error) && error.status !== undefined && error.status < 500
    ? `${error.message.replace(/\.?$/, '.')} Nothing was recorded.`
    : 'The orders could not be recorded. Nothing was recorded; please try again.';

/**
 * The netted order list's selection and its recording: Record opens the fills dialog for the selected orders (price
 * and trade date of each), then ONE request with the revision the list was read from records them in every tracking
 * or in none.
 */
export const useNettedExecution = (revision: string, orders: readonly NettedOrder[]) => {
  const record = useRecordNettedOrders();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<readonly NettedOrder[]>();
  const [refusal, setRefusal] = useState<string>();
  const [dialogRefusal, setDialogRefusal] = useState<string>();
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

  const close = () => {
    setConfirming(undefined);
    setDialogRefusal(undefined);
  };

  const save = async (filled: readonly RecordedOrder[]) => {
    if (filled.length === 0 || record.isPending) return;
    setDialogRefusal(undefined);
    try {
      const answer = await record.mutateAsync({ revision, body: { orders: [...filled] } });
      close();
      setSelected(new Set());
      const trackings = answer.recorded.filter((part) => part.orders > 0).length;
      notify.success(
        `Recorded ${filled.length} ${filled.length === 1 ? 'order' : 'orders'} in ${trackings} ${trackings === 1 ? 'tracking' : 'trackings'}`,
      );
    } catch (error) {
      const onList = listRefusal(error);
      if (onList === undefined) return setDialogRefusal(fillRefusal(error));
      close();
      setRefusal(onList);
    }
  };

  const confirmation: NettedConfirmation = {
    orders: confirming,
    refusal: dialogRefusal,
    recording: record.isPending,
    record: save,
    cancel: close,
  };

  return {
    selected,
    chosen,
    allSelected,
    toggle,
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(orders.map(orderKey))),
    /** Opens the fills dialog for the selected orders. */
    confirm: () => {
      if (chosen.length === 0 || record.isPending) return;
      setRefusal(undefined);
      setConfirming(chosen);
    },
    confirmation,
    executing: record.isPending,
    refusal,
  };
};
