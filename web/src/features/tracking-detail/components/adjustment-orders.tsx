import type { WashSaleWarning } from '@etf-replicator/core/contracts/taxes';
import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PausedOrders } from '@/components/ui/paused-orders';
import type { TrackingDetail } from '../api/get-tracking';
import { heldShares } from '../utils/current-vs-target';
import { initialSharesText, isReadOnlyOrder, orderToSend, sharesError } from '../utils/shares-rules';
import { CashNotice, missingCash } from './cash-notice';
import { ExportButtons } from './export-buttons';
import { HeldBackBuys } from './held-back-buys';
import { OrderRow } from './order-row';
import { WashSaleNotice } from './wash-sale-notice';

type Props = {
  detail: TrackingDetail;
  executing: boolean;
  onExecute: (orders: readonly AdjustmentOrderLine[]) => Promise<string[]>;
  /** Opens the "add the missing cash and record the orders" confirmation (issue 32). */
  onReachTarget: () => void;
  /** Wash sales the last recorded BUYs caused (issue 26), until dismissed. */
  warnings: readonly WashSaleWarning[];
  onDismissWarnings: () => void;
};

/** A suggestion's identity: a new suggestion for the same symbol starts with fresh shares. */
const keyOf = (order: AdjustmentOrderLine) => `${order.symbol}:${order.orderType}:${order.shares}`;

/** Suggested adjustment orders with editable shares and multi-select execution (spec 2 §2, §4, §5). */
export const AdjustmentOrders = ({
  detail,
  executing,
  onExecute,
  onReachTarget,
  warnings,
  onDismissWarnings,
}: Props) => {
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const fractionalEnabled = detail.globalFractionalSharesThreshold > 0;
  const orders = detail.adjustmentOrders;
  const textOf = (order: AdjustmentOrderLine) => edits[keyOf(order)] ?? initialSharesText(order);
  const errorOf = (order: AdjustmentOrderLine) =>
    isReadOnlyOrder(fractionalEnabled, order)
      ? undefined
      : sharesError(textOf(order), {
          fractionalEnabled,
          orderType: order.orderType,
          held: heldShares(detail, order.symbol),
        });
  const selectedOrders = orders.filter((order) => selected.has(keyOf(order)));

  const run = async (batch: readonly AdjustmentOrderLine[]) => {
    setChecked(new Set(batch.map(keyOf)));
    if (batch.length === 0 || batch.some((order) => errorOf(order) !== undefined)) return;
    const recorded = await onExecute(
      batch.map((order) => orderToSend(order, textOf(order), isReadOnlyOrder(fractionalEnabled, order))),
    );
    // Cancelled fills keep the selection as it was.
    if (recorded.length === 0) return;
    setSelected(new Set());
    setChecked(new Set());
  };

  if (orders.length === 0) {
    return (
      <section
        aria-labelledby="orders-heading"
        className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="orders-heading" className="text-lg font-semibold text-slate-900">
          Suggested adjustment orders
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {missingCash(detail) !== null
            ? "No orders to execute with the tracking's cash."
            : detail.pausedOrders?.length
              ? 'No orders to execute besides the paused ones below.'
              : 'No orders to execute: your holdings match the target.'}
        </p>
        <CashNotice detail={detail} onReachTarget={onReachTarget} disabled={executing} compact />
        <WashSaleNotice warnings={warnings} onDismiss={onDismissWarnings} />
        <PausedOrders orders={detail.pausedOrders} />
        <HeldBackBuys buys={detail.heldBackBuys} />
        <ExportButtons trackingId={detail.trackingId} symbol={detail.symbol} hasOrders={false} />
      </section>
    );
  }
  const allSelected = selectedOrders.length === orders.length;
  return (
    <section
      aria-labelledby="orders-heading"
      className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="orders-heading" className="text-lg font-semibold text-slate-900">
          Suggested adjustment orders
        </h2>
        <div className="flex items-center gap-4">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300"
              checked={allSelected}
              disabled={executing}
              onChange={() => setSelected(allSelected ? new Set() : new Set(orders.map(keyOf)))}
            />
            Select all
          </label>
          <Button
            disabled={executing || selectedOrders.length === 0}
            onClick={() => void run(selectedOrders)}
          >
            {executing ? 'Executing...' : `Execute selected (${selectedOrders.length})`}
          </Button>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Place these orders at your broker, then record each one here. You can change the shares to what was
        filled.
      </p>
      <CashNotice detail={detail} onReachTarget={onReachTarget} disabled={executing} compact />
      <WashSaleNotice warnings={warnings} onDismiss={onDismissWarnings} />
      <ul className="mt-4 divide-y divide-slate-100">
        {orders.map((order) => {
          const key = keyOf(order);
          return (
            <OrderRow
              key={key}
              order={order}
              price={detail.prices[order.symbol]}
              text={textOf(order)}
              error={checked.has(key) || edits[key] !== undefined ? errorOf(order) : undefined}
              fractionalEnabled={fractionalEnabled}
              readOnly={isReadOnlyOrder(fractionalEnabled, order)}
              selected={selected.has(key)}
              executing={executing}
              onText={(text) => setEdits((current) => ({ ...current, [key]: text }))}
              onSelected={(on) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (on) next.add(key);
                  else next.delete(key);
                  return next;
                })
              }
              onExecute={() => void run([order])}
            />
          );
        })}
      </ul>
      <PausedOrders orders={detail.pausedOrders} />
      <HeldBackBuys buys={detail.heldBackBuys} />
      <ExportButtons trackingId={detail.trackingId} symbol={detail.symbol} hasOrders />
    </section>
  );
};
