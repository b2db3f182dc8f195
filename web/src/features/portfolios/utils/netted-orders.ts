import type { NettedOrder } from '@etf-replicator/core/contracts/portfolio';
import { type Decimal, dec, ZERO } from '@etf-replicator/core/shared/decimal';

/** One netted order per stock and side: the key selection uses. */
export const orderKey = (order: Pick<NettedOrder, 'symbol' | 'orderType'>): string =>
  `${order.orderType}:${order.symbol}`;

export type NettingSaving = { orders: number; dollars: Decimal };

/** What netting avoids: orders placed and dollars traded (never below zero: a netted list is never worse). */
export const nettingSaving = (saving: {
  ordersBefore: number;
  ordersAfter: number;
  tradedBefore: string;
  tradedAfter: string;
}): NettingSaving => {
  const dollars = dec(saving.tradedBefore).sub(dec(saving.tradedAfter));
  return {
    orders: Math.max(0, saving.ordersBefore - saving.ordersAfter),
    dollars: dollars.isNegative() ? ZERO : dollars,
  };
};
