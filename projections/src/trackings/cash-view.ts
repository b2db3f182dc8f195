import {
  type AdjustmentOrder,
  D,
  type Decimal,
  dec,
  decimalMin,
  isReadonlyMap,
  ZERO,
} from '@etf-replicator/core';

/**
 * Cash is a fact, never a by-product (DESIGN §6.6, issue 32): the engine's budget is what the tracking has — its
 * positions at today's prices plus its cash — capped at the target amount. Below the target, the orders invest
 * what there is and the detail says how much is missing; adding it is an explicit command (CashAdded).
 */
export const engineBudget = (targetAmount: Decimal, marketValue: Decimal): Decimal =>
  decimalMin(targetAmount, marketValue);

/** The target amount minus the market value, rounded up to the cent (adding it reaches the target); else 0. */
export const cashToReachTarget = (targetAmount: Decimal, marketValue: Decimal): Decimal => {
  const missing = targetAmount.sub(marketValue);
  return missing.isPositive() ? missing.toDecimalPlaces(2, D.ROUND_UP) : ZERO;
};

/** Buys minus sells at the given prices: the cash the orders take (negative: they free cash). */
export const ordersNetCost = (
  orders: readonly AdjustmentOrder[],
  prices: ReadonlyMap<string, string> | Readonly<Record<string, string>>,
): Decimal =>
  orders.reduce((sum, order) => {
    const price = isReadonlyMap(prices) ? prices.get(order.symbol) : prices[order.symbol];
    const amount = dec(order.shares).mul(dec(price ?? '0'));
    return order.orderType === 'BUY' ? sum.add(amount) : sum.sub(amount);
  }, ZERO);
