import type { PausedOrderLine } from '@etf-replicator/core/contracts/trackings';
import { formatDate, formatPercent, formatShares } from '@/lib/format';

/** "SELL 30 DD paused: DD moved -52.50% between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded …" */
export const pausedText = (order: PausedOrderLine): string => {
  const move = `moved ${formatPercent(order.changePercent)} between the closes of ${formatDate(order.fromDate)} and ${formatDate(order.toDate)} with no recorded split or other corporate action`;
  const why =
    order.flaggedSymbol === order.symbol
      ? `${order.symbol} ${move}.`
      : `it needs the cash of the paused SELL of ${order.flaggedSymbol}, which ${move}.`;
  return `${order.orderType} ${formatShares(order.shares)} ${order.symbol} paused: ${why} Its orders come back once an admin records the action or confirms the price.`;
};

/**
 * The orders of held stocks whose price move no recorded corporate action explains (issue 32 item 2): out of the
 * suggested orders until an admin records the action or confirms the price (the banner above says the same).
 */
export const PausedOrders = ({ orders }: { orders: readonly PausedOrderLine[] | undefined }) =>
  !orders || orders.length === 0 ? null : (
    <div className="mt-4 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-300">
      <p className="font-medium text-amber-900">Paused by an unexplained price move</p>
      <ul aria-label="Paused orders" className="mt-1 space-y-1 text-amber-900">
        {orders.map((order) => (
          <li key={`${order.symbol}:${order.orderType}`} className="break-words">
            {pausedText(order)}
          </li>
        ))}
      </ul>
    </div>
  );
