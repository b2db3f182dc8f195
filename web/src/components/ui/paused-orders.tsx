import type { PausedOrderLine } from '@etf-replicator/core/contracts/trackings';
import { formatDate, formatPercent, formatShares } from '@/lib/format';

const orderText = (order: PausedOrderLine) =>
  `${order.orderType} ${formatShares(order.shares)} ${order.symbol}`;

/** "SELL 30 DD paused: DD moved -52.50% between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded …" */
export const pausedText = (order: PausedOrderLine): string =>
  `${orderText(order)} paused: ${order.symbol} moved ${formatPercent(order.changePercent)} between the closes of ${formatDate(order.fromDate)} and ${formatDate(order.toDate)} with no recorded split or other corporate action. Its orders come back once an admin records the action or confirms the price.`;

/** "Also paused, as they need the cash of the paused SELL of DD: BUY 0.21 RVTY, BUY 0.18 SJM." */
export const unfundedText = (flaggedSymbol: string, orders: readonly PausedOrderLine[]): string =>
  `Also paused, as ${orders.length === 1 ? 'it needs' : 'they need'} the cash of the paused SELL of ${flaggedSymbol}: ${orders.map(orderText).join(', ')}.`;

/**
 * The orders of held stocks whose price move no recorded corporate action explains (issue 32 item 2), out of the
 * suggested orders until an admin records the action or confirms the price; the BUYs that needed a paused SELL's
 * cash in one line per SELL. Shown under every list of orders: the tracking's page and the import preview.
 */
export const PausedOrders = ({ orders }: { orders: readonly PausedOrderLine[] | undefined }) => {
  if (!orders || orders.length === 0) return null;
  const own = orders.filter((order) => order.flaggedSymbol === order.symbol);
  const unfunded = new Map<string, PausedOrderLine[]>();
  for (const order of orders)
    if (order.flaggedSymbol !== order.symbol)
      unfunded.set(order.flaggedSymbol, [...(unfunded.get(order.flaggedSymbol) ?? []), order]);
  return (
    <div className="mt-4 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-300">
      <p className="font-medium text-amber-900">Paused by an unexplained price move</p>
      <ul aria-label="Paused orders" className="mt-1 space-y-1 text-amber-900">
        {own.map((order) => (
          <li key={`${order.symbol}:${order.orderType}`} className="break-words">
            {pausedText(order)}
          </li>
        ))}
        {[...unfunded].map(([flaggedSymbol, buys]) => (
          <li key={`unfunded:${flaggedSymbol}`} className="break-words">
            {unfundedText(flaggedSymbol, buys)}
          </li>
        ))}
      </ul>
    </div>
  );
};
