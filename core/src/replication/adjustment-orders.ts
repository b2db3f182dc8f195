import { type Decimal, type DecimalInput, dec, toDecimalString, ZERO } from '../shared/decimal';

export type OrderType = 'BUY' | 'SELL';

export type AdjustmentOrder = {
  readonly symbol: string;
  readonly orderType: OrderType;
  /** Positive decimal string. */
  readonly shares: string;
};

/** Shares per symbol, either as a record or as investment lines. */
export type PositionsInput =
  | Readonly<Record<string, DecimalInput>>
  | readonly { readonly symbol: string; readonly numberOfShares: DecimalInput }[];

export const toPositionMap = (positions: PositionsInput): Map<string, Decimal> => {
  const entries = Array.isArray(positions)
    ? positions.map((line) => [line.symbol, line.numberOfShares] as const)
    : Object.entries(positions as Readonly<Record<string, DecimalInput>>);
  const map = new Map<string, Decimal>();
  for (const [symbol, shares] of entries) map.set(symbol, (map.get(symbol) ?? ZERO).add(dec(shares)));
  return map;
};

/**
 * Orders that turn `current` into `target`: per symbol BUY or SELL the difference. A symbol held but absent from
 * the target is sold completely (a liquidation). Target symbols come first in target order, then liquidations by
 * symbol; symbols already at target produce nothing.
 */
export const adjustmentOrders = (current: PositionsInput, target: PositionsInput): AdjustmentOrder[] => {
  const held = toPositionMap(current);
  const wanted = toPositionMap(target);
  const orders: AdjustmentOrder[] = [];
  const push = (symbol: string, difference: Decimal) => {
    if (difference.isZero()) return;
    orders.push({
      symbol,
      orderType: difference.isPositive() ? 'BUY' : 'SELL',
      shares: toDecimalString(difference.abs()),
    });
  };
  for (const [symbol, shares] of wanted) push(symbol, shares.sub(held.get(symbol) ?? ZERO));
  const liquidations = [...held.keys()].filter((symbol) => !wanted.has(symbol)).sort();
  for (const symbol of liquidations) push(symbol, held.get(symbol)!.neg());
  return orders;
};
