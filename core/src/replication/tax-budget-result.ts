import { type Decimal, type DecimalInput, dec, toDecimalString, ZERO } from '../shared/decimal';
import { toMoneyString } from '../shared/money';
import { type AdjustmentOrder, adjustmentOrders } from './adjustment-orders';
import { etfReplicationRateOf, replicationRateOf, toRateString } from './measure';
import { closesFor, type SellCurve } from './tax-budget-lots';
import type { TaxAwareInput, TaxAwareReplication, TaxAwareSell } from './tax-budget-types';
import type { Investment, Replication } from './types';
import type { Universe } from './universe';

/** Every SELL of `orders` with the lots it closes by the curve of its symbol, and their total gain. */
export const sellsOf = (
  orders: readonly AdjustmentOrder[],
  curves: ReadonlyMap<string, SellCurve>,
): { sells: TaxAwareSell[]; total: Decimal; shortTermGain: boolean } => {
  const sells: TaxAwareSell[] = [];
  let total = ZERO;
  let shortTermGain = false;
  for (const order of orders) {
    if (order.orderType !== 'SELL') continue;
    const curve = curves.get(order.symbol);
    if (!curve) throw new Error(`sellsOf: no lots for the sold symbol ${order.symbol}`);
    const { closes, gain, shortTermGain: short } = closesFor(curve, dec(order.shares));
    total = total.add(gain);
    shortTermGain ||= short;
    sells.push({
      symbol: order.symbol,
      shares: order.shares,
      price: toDecimalString(curve.price),
      closes,
      realisedGain: toDecimalString(gain),
    });
  }
  return { sells, total, shortTermGain };
};

/**
 * The positions after the orders in replicate()'s shape: universe symbols in canonical order, then what is held
 * outside it by symbol; rates measured exactly as replicate() measures its own (DESIGN §6.1, D = max(A, Σ)).
 */
export const replicationOf = (
  universe: Universe,
  final: ReadonlyMap<string, Decimal>,
  outside: ReadonlyMap<string, Decimal>,
  priceOf: (symbol: string) => Decimal,
  amount: Decimal,
): Replication => {
  const investments: Investment[] = [];
  const invested = new Map<string, Decimal>();
  let total = ZERO;
  const add = (symbol: string, shares: Decimal) => {
    if (!shares.gt(0)) return;
    const value = shares.mul(priceOf(symbol));
    invested.set(symbol, value);
    total = total.add(value);
    investments.push({
      symbol,
      numberOfShares: toDecimalString(shares),
      amountInvested: toMoneyString(value),
    });
  };
  const weights = new Map<string, DecimalInput>();
  for (const item of universe.items) {
    weights.set(item.symbol, item.weightValue);
    add(item.symbol, final.get(item.symbol) ?? ZERO);
  }
  for (const symbol of [...outside.keys()].sort()) add(symbol, outside.get(symbol)!);
  return {
    targetInvestmentAmount: toMoneyString(amount),
    investments,
    leftoverAmount: toMoneyString(amount.sub(total)),
    replicationRate: toRateString(replicationRateOf(invested, weights, universe.weightSum, amount)),
    etfReplicationRate: toRateString(etfReplicationRateOf(invested, universe.fundWeights, amount)),
    etfCoverage: toDecimalString(universe.weightSum),
    excluded: universe.excluded,
  };
};

/** The answer for the positions `target` holds: its orders, the lots their SELLs close and what they realise. */
export const finish = (
  input: TaxAwareInput,
  positions: ReadonlyMap<string, Decimal>,
  curves: ReadonlyMap<string, SellCurve>,
  target: Replication,
  constrained: boolean,
  unconstrainedGain?: Decimal,
): TaxAwareReplication => {
  const orders = adjustmentOrders(Object.fromEntries(positions), target.investments);
  const { sells, total } = sellsOf(orders, curves);
  return {
    target,
    orders,
    sells,
    realisedNetGain: toDecimalString(total),
    yearNetGain: toDecimalString(total.add(dec(input.realisedNetGain))),
    unconstrainedRealisedNetGain: toDecimalString(unconstrainedGain ?? total),
    constrained,
  };
};
