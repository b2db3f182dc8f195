import type { WashSaleWarning } from '@etf-replicator/core/contracts/taxes';
import { type AdjustmentOrderLine, trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useApplyAdjustmentOrders } from '../api/apply-adjustment-order';
import { type FillRefusal, readFillRefusal } from '../utils/fill-refusal';
import type { FilledOrder } from '../utils/fills-draft';

/** The fills dialog's part: the orders being confirmed, the API's refusal, and its two ways out. */
export type FillsConfirmation = {
  orders: readonly AdjustmentOrderLine[] | undefined;
  refusal: FillRefusal | undefined;
  recording: boolean;
  record: (filled: readonly FilledOrder[]) => Promise<void>;
  cancel: () => void;
};

/**
 * Executing orders (one or several) first opens the fills confirmation (issue 32 item 4): the investor gives each
 * order's fill price, trade date and, for a SELL, the lots; then ONE request records all of them or none (spec 2 §4).
 * `execute` resolves when the confirmation closes, with the symbols recorded (none when cancelled). A refusal stays
 * in the dialog beside the field it concerns, and the spec's toast ('Error executing order for {symbol}') names it.
 * `warnings` are the wash sales the last recorded BUYs caused (issue 26), shown until dismissed.
 */
export const useExecuteOrders = (trackingId: string) => {
  const apply = useApplyAdjustmentOrders(trackingId);
  const [orders, setOrders] = useState<readonly AdjustmentOrderLine[]>();
  const [refusal, setRefusal] = useState<FillRefusal>();
  const settle = useRef<(symbols: string[]) => void>(undefined);
  const [warnings, setWarnings] = useState<readonly WashSaleWarning[]>([]);

  const close = (symbols: string[]) => {
    settle.current?.(symbols);
    settle.current = undefined;
    setOrders(undefined);
    setRefusal(undefined);
  };

  const execute = (chosen: readonly AdjustmentOrderLine[]): Promise<string[]> => {
    if (chosen.length === 0) return Promise.resolve([]);
    settle.current?.([]);
    setRefusal(undefined);
    setOrders(chosen);
    return new Promise((resolve) => {
      settle.current = resolve;
    });
  };

  const record = async (filled: readonly FilledOrder[]) => {
    if (filled.length === 0 || apply.isPending) return;
    setRefusal(undefined);
    try {
      const answer = await apply.mutateAsync({ trackingId, orders: filled });
      setWarnings(answer?.warnings ?? []);
      close(filled.map((order) => order.symbol));
    } catch (error) {
      const known = isApiError(error) && error.status !== undefined && error.status < 500;
      const found = known
        ? readFillRefusal(error.message, filled.length)
        : { message: 'Something went wrong. Please try again.', reason: '' };
      if (known && filled.length > 1) found.message = `${found.message} Nothing was recorded.`;
      setRefusal(found);
      const symbol = found.index === undefined ? undefined : filled[found.index]?.symbol;
      // The spec's toast names the order; the reason is in the dialog, beside what to fix.
      notify.error(symbol ? trackingMessages.executeFailed(symbol) : 'Error executing the selected orders');
    }
  };

  const confirmation: FillsConfirmation = {
    orders,
    refusal,
    recording: apply.isPending,
    record,
    cancel: () => close([]),
  };
  return {
    execute,
    executing: apply.isPending,
    confirmation,
    warnings,
    dismissWarnings: () => setWarnings([]),
  };
};
