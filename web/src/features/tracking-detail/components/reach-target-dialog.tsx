import { TARGET_STATE_TEXTS } from '@etf-replicator/core/replication/bands';
import { dec } from '@etf-replicator/core/shared/decimal';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney, formatShares } from '@/lib/format';
import { useAddCashAndOrders } from '../api/add-cash-and-orders';
import type { TrackingDetail } from '../api/get-tracking';

type Props = { detail: TrackingDetail; open: boolean; onClose: () => void };

/**
 * Issue 32: reaching the target takes cash the tracking does not have. This records the cash and the orders it
 * pays for together (one request; each stays revertible in the history), after showing exactly what they are.
 */
export const ReachTargetDialog = ({ detail, open, onClose }: Props) => {
  const [error, setError] = useState<string>();
  const amount = detail.cashToReachTarget ?? '0.00';
  const orders = detail.ordersToReachTarget ?? [];
  const close = () => {
    setError(undefined);
    onClose();
  };
  const record = useAddCashAndOrders(detail.trackingId, {
    onSuccess: close,
    onError: (failure) =>
      setError(
        isApiError(failure) && failure.message ? failure.message : 'Something went wrong. Please try again.',
      ),
  });
  const money = formatMoney(amount);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !record.isPending && close()}
      title={TARGET_STATE_TEXTS.reachTarget(money)}
      description={`${TARGET_STATE_TEXTS.reachTargetWhy(
        formatMoney(detail.marketValue),
        formatMoney(detail.currentReplication.targetInvestmentAmount),
      )} Add ${money} at your broker and place these orders, then record them here together.`}
      body={
        <>
          <ul aria-label="Orders recorded with the cash" className="divide-y divide-slate-100">
            {orders.map((order) => {
              const price = detail.prices[order.symbol];
              return (
                <li key={order.symbol} className="flex items-center gap-3 py-1.5">
                  <span
                    className={cn(
                      'w-12 rounded px-1.5 py-0.5 text-center text-xs font-bold',
                      order.orderType === 'BUY' ? 'bg-green-50 text-green-700' : 'bg-red-50 text-red-700',
                    )}
                  >
                    {order.orderType}
                  </span>
                  <span className="min-w-0 flex-1 font-semibold text-slate-900">
                    {`${formatShares(order.shares)} ${order.symbol}`}
                  </span>
                  {price && (
                    <span className="tabular-nums text-slate-600">
                      <span className="sr-only">about </span>≈{' '}
                      {formatMoney(dec(order.shares).mul(dec(price)))}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          {orders.length === 0 && <p>No orders change: the cash stays in the tracking.</p>}
          {error && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {error}
            </p>
          )}
        </>
      }
    >
      <DialogClose asChild>
        <Button variant="secondary" disabled={record.isPending}>
          Cancel
        </Button>
      </DialogClose>
      <Button
        aria-disabled={record.isPending || undefined}
        onClick={() => {
          if (record.isPending) return;
          setError(undefined);
          record.mutate({ trackingId: detail.trackingId, amount, orders });
        }}
      >
        {record.isPending
          ? 'Saving...'
          : orders.length === 0
            ? `Add ${money}`
            : `Add ${money} and record ${orders.length} ${orders.length === 1 ? 'order' : 'orders'}`}
      </Button>
    </Dialog>
  );
};
