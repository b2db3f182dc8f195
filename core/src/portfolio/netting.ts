import type { NettedOrder } from '../contracts/portfolio';
import { type Decimal, sumDecimals, toDecimalString, ZERO } from '../shared/decimal';
import type { PortfolioOrderLine, PortfolioTrackingInput } from './types';

/** A tracking's part of a netted order: the order the tracking itself suggests. */
export type NettedPart = { readonly trackingId: string } & PortfolioOrderLine;

export type Netted = {
  readonly symbol: string;
  readonly orderType: 'BUY' | 'SELL';
  /** |Σ signed parts|; 0 when the trackings' orders cancel out (nothing to place at the broker). */
  readonly shares: Decimal;
  readonly price: Decimal | null;
  readonly parts: readonly NettedPart[];
};

export const signed = (order: PortfolioOrderLine): Decimal =>
  order.orderType === 'BUY' ? order.shares : order.shares.neg();

/**
 * The trackings' orders netted by stock (issue 29 item 2): BUY 3 AAPL in one tracking and SELL 2 in another is one
 * BUY of 1 at the broker, with both parts kept so that recording the net order records each tracking's own order.
 * Orders that cancel out exactly stay in the list with 0 shares: nothing to place, but recording them moves the
 * shares between the trackings' books as each tracking asked. Stocks in first-seen order.
 */
export const netOrders = (trackings: readonly PortfolioTrackingInput[]): Netted[] => {
  const bySymbol = new Map<string, { price: Decimal | null; parts: NettedPart[] }>();
  for (const tracking of trackings) {
    for (const order of tracking.orders) {
      if (order.shares.isZero()) continue;
      const entry = bySymbol.get(order.symbol) ?? { price: null, parts: [] };
      entry.price ??= tracking.prices.get(order.symbol) ?? null;
      entry.parts.push({ trackingId: tracking.trackingId, ...order });
      bySymbol.set(order.symbol, entry);
    }
  }
  return [...bySymbol.entries()].map(([symbol, { price, parts }]) => {
    const net = sumDecimals(parts.map(signed));
    return { symbol, orderType: net.isNegative() ? 'SELL' : 'BUY', shares: net.abs(), price, parts };
  });
};

export type NettingSaving = {
  readonly ordersBefore: number;
  readonly ordersAfter: number;
  readonly tradedBefore: Decimal;
  readonly tradedAfter: Decimal;
};

/**
 * What netting saves: every part is an order placed one by one; a netted order with 0 shares is none. Dollars at
 * the stock's price (a stock without a price adds none to either side).
 */
export const nettingSaving = (netted: readonly Netted[]): NettingSaving => {
  const at = (shares: Decimal, price: Decimal | null) => (price ? shares.mul(price) : ZERO);
  return {
    ordersBefore: netted.reduce((n, order) => n + order.parts.length, 0),
    ordersAfter: netted.filter((order) => !order.shares.isZero()).length,
    tradedBefore: sumDecimals(
      netted.flatMap((order) => order.parts.map((part) => at(part.shares, order.price))),
    ),
    tradedAfter: sumDecimals(netted.map((order) => at(order.shares, order.price))),
  };
};

/** The recorded orders of each tracking once the netted orders are executed: each part is the tracking's own order. */
export const splitNetted = (netted: readonly Netted[]): Map<string, PortfolioOrderLine[]> => {
  const byTracking = new Map<string, PortfolioOrderLine[]>();
  for (const order of netted) {
    for (const { trackingId, ...line } of order.parts) {
      const list = byTracking.get(trackingId) ?? [];
      list.push(line);
      byTracking.set(trackingId, list);
    }
  }
  return byTracking;
};

export const nettedOrderView = (order: Netted): NettedOrder => ({
  symbol: order.symbol,
  orderType: order.orderType,
  shares: toDecimalString(order.shares),
  price: order.price ? toDecimalString(order.price) : null,
  amount: order.price ? toDecimalString(order.shares.mul(order.price)) : null,
  parts: order.parts.map((part) => ({
    trackingId: part.trackingId,
    orderType: part.orderType,
    shares: toDecimalString(part.shares),
    ...(part.lots ? { lots: [...part.lots] } : {}),
  })),
});
