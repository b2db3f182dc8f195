import { type Decimal, dec, ZERO } from '../shared/decimal';
import type { PriceAlert } from './price-alerts';

/*
 * Issue 32 item 2: a held symbol whose price move no recorded action explains gets no orders until an action or an
 * admin's confirmation explains it. Its suggested orders are taken out and listed with the reason.
 */

type Order = { readonly symbol: string; readonly orderType: 'BUY' | 'SELL'; readonly shares: string };

export type PausedOrder = Order & {
  readonly reason: string;
  /** The symbol whose move paused it: the order's own, or for a BUY that needed its paused SELL's cash, that one. */
  readonly flaggedSymbol: string;
  /** The move, for a client that writes its own sentence: signed percent and the dates of the two closes. */
  readonly changePercent: string;
  readonly fromDate: string;
  readonly toDate: string;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2025-10-30" → "Oct 30, 2025", as the web's formatter writes dates in sentences (no locale on the server). */
export const sentenceDate = (isoDate: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${Number(match[3])}, ${match[1]}` : isoDate;
};

/** "-89.52" → "−89.52 %" (a true minus sign), "120.00" → "+120.00 %". */
const signedPercent = (percent: string): string =>
  percent.startsWith('-') ? `−${percent.slice(1)} %` : `+${percent} %`;

const unexplainedMove = (alert: PriceAlert): string =>
  `${alert.symbol} moved ${signedPercent(alert.changePercent)} between the closes of ${sentenceDate(alert.fromDate)} and ${sentenceDate(alert.toDate)} with no recorded split or other corporate action`;

/** Why a flagged symbol's orders are paused, naming the move and the two closes compared. */
export const pausedReason = (alert: PriceAlert): string =>
  `${unexplainedMove(alert)}: its orders are paused until an admin records or confirms it`;

/** Why a flagged symbol cannot be harvested: its loss may be a split nobody recorded yet. */
export const harvestRefusedReason = (alert: PriceAlert): string =>
  `${unexplainedMove(alert)}: its loss may not be real, so it cannot be harvested until an admin records or confirms it.`;

/** The orders of symbols without an alert, and those of flagged symbols with the reason each is paused. */
export const pauseFlaggedOrders = <O extends Order>(
  orders: readonly O[],
  alerts: readonly PriceAlert[],
): { orders: O[]; paused: PausedOrder[] } => {
  const bySymbol = new Map(alerts.map((alert) => [alert.symbol, alert]));
  const kept: O[] = [];
  const paused: PausedOrder[] = [];
  for (const order of orders) {
    const alert = bySymbol.get(order.symbol);
    if (alert)
      paused.push({
        symbol: order.symbol,
        orderType: order.orderType,
        shares: order.shares,
        reason: pausedReason(alert),
        flaggedSymbol: alert.symbol,
        changePercent: alert.changePercent,
        fromDate: alert.fromDate,
        toDate: alert.toDate,
      });
    else kept.push(order);
  }
  return { orders: kept, paused };
};

/**
 * The BUYs a paused SELL would have paid for (an unrecorded reverse split makes a holding look ten times its worth:
 * the engine sells it and spends the proceeds). The orders kept must fit in `cash` plus the kept SELLs' proceeds:
 * BUYs are kept in their order while they fit, the others are paused too, naming the SELL they needed. Nothing
 * changes when no SELL is paused.
 */
export const pauseUnfundedBuys = <O extends Order>(
  orders: readonly O[],
  paused: readonly PausedOrder[],
  cash: Decimal,
  prices: Readonly<Record<string, string>>,
): { orders: O[]; paused: PausedOrder[] } => {
  const sell = paused.find((order) => order.orderType === 'SELL');
  if (!sell) return { orders: [...orders], paused: [...paused] };
  const amountOf = (order: Order) => dec(order.shares).mul(dec(prices[order.symbol] ?? '0'));
  let available = orders
    .filter((order) => order.orderType === 'SELL')
    .reduce((sum, order) => sum.add(amountOf(order)), cash);
  const kept: O[] = [];
  const unfunded: PausedOrder[] = [];
  for (const order of orders) {
    const cost = order.orderType === 'BUY' ? amountOf(order) : ZERO;
    if (cost.lte(available)) {
      kept.push(order);
      available = available.sub(cost);
      continue;
    }
    unfunded.push({
      symbol: order.symbol,
      orderType: order.orderType,
      shares: order.shares,
      reason: `it needs the cash of the paused SELL of ${sell.flaggedSymbol} (${sell.reason})`,
      flaggedSymbol: sell.flaggedSymbol,
      changePercent: sell.changePercent,
      fromDate: sell.fromDate,
      toDate: sell.toDate,
    });
  }
  return { orders: kept, paused: [...paused, ...unfunded] };
};

/**
 * The one paused-orders rule (every list of suggested orders applies it: the served tracking, the drift e-mail, the
 * exclusions and import previews): the orders of flagged symbols, and the BUYs a paused SELL would have paid for,
 * taken out and listed with the reason. `cash` is what the orders may spend besides the kept SELLs' proceeds.
 */
export const pauseOrders = <O extends Order>(
  orders: readonly O[],
  alerts: readonly PriceAlert[],
  cash: Decimal,
  prices: Readonly<Record<string, string>>,
): { orders: O[]; paused: PausedOrder[] } => {
  if (alerts.length === 0) return { orders: [...orders], paused: [] };
  const flagged = pauseFlaggedOrders(orders, alerts);
  return pauseUnfundedBuys(flagged.orders, flagged.paused, cash, prices);
};

/** What the served version (ETag) must change with: a confirmation or a new action clears an alert. */
export const alertsVersion = (alerts: readonly PriceAlert[]): string =>
  alerts.map((alert) => `${alert.symbol}:${alert.changePercent}@${alert.snapshotDate}`).join(',');
