import type { BenchItem } from './bench-universe';

/**
 * PyPortfolioOpt's `DiscreteAllocation.greedy_portfolio` (long-only path), re-implemented from its documented
 * algorithm (research/product-anchors.md §2.1, pypfopt/discrete_allocation.py) and keyed by ticker:
 * 1. weights sorted descending (Python's stable sort; our input is already weight desc, symbol asc);
 * 2. round 1: n_i = int(w_i·V / p_i);
 * 3. round 2, while funds > 0: deficits w − (p∘n)/Σ(p∘n) (NaN while nothing is bought, as numpy gives);
 *    take argmax (numpy: the first NaN if any); if unaffordable, zero that deficit and take the next argmax, at
 *    most 10 tries, stopping when the best deficit is < 0; stop when the chosen deficit is ≤ 0; buy one unit.
 * Generalised only in the unit: p_i is the price of one increment of a share (1 share, or 0.01 when fractional).
 * Floats throughout, as in the original.
 */
export const greedyPortfolio = (items: readonly BenchItem[], budget: number): Map<string, number> => {
  const n = items.length;
  const units = new Array<number>(n).fill(0);
  let available = budget;
  for (let i = 0; i < n; i += 1) {
    const item = items[i]!;
    units[i] = Math.trunc((item.weight * budget) / item.unitPrice);
    available -= units[i]! * item.unitPrice;
  }
  const deficit = new Float64Array(n);
  while (available > 0) {
    let invested = 0;
    for (let i = 0; i < n; i += 1) invested += items[i]!.unitPrice * units[i]!;
    for (let i = 0; i < n; i += 1)
      deficit[i] = items[i]!.weight - (items[i]!.unitPrice * units[i]!) / invested;
    let index = argmax(deficit);
    let price = items[index]!.unitPrice;
    let counter = 0;
    while (price > available) {
      deficit[index] = 0;
      index = argmax(deficit);
      if (deficit[index]! < 0 || counter === 10) break;
      price = items[index]!.unitPrice;
      counter += 1;
    }
    if (deficit[index]! <= 0 || counter === 10) break;
    units[index] = units[index]! + 1;
    available -= price;
  }
  const allocation = new Map<string, number>();
  items.forEach((item, i) => {
    if (units[i]! > 0) allocation.set(item.symbol, units[i]!);
  });
  return allocation;
};

/** numpy.argmax: index of the first NaN if there is one, else of the first maximum. */
const argmax = (values: Float64Array): number => {
  let best = 0;
  for (let i = 0; i < values.length; i += 1) {
    if (Number.isNaN(values[i]!)) return i;
    if (values[i]! > values[best]!) best = i;
  }
  return best;
};
