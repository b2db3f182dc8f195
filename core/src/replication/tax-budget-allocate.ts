import { D, type Decimal, dec, ZERO } from '../shared/decimal';
import { isDomainError } from '../shared/domain-error';
import { allocateUnits, roundDown, type UnitAllocation } from './allocate';
import { type AllocationProblem, buildAllocationProblem, totalFilled } from './allocation-problem';
import { solveKnapsack } from './knapsack';
import type { Universe } from './universe';

export type AllocateAroundInput = {
  readonly universe: Universe;
  /** The amount the universe's targets share (A minus the kept excluded shares), as replicate() allocates it. */
  readonly allocated: Decimal;
  readonly unitShares: Decimal;
  /** Universe shares held after the SELLs. */
  readonly remaining: ReadonlyMap<string, Decimal>;
  /** Symbols being sold: never bought back (one order per symbol; a loss sold and bought back is a wash sale). */
  readonly frozen: ReadonlySet<string>;
  /** Value held outside the universe after the SELLs: it uses the amount but fills no target. */
  readonly outsideValue: Decimal;
  /** Cash the BUYs may spend: the tracking's cash plus the SELLs' proceeds. */
  readonly spendable: Decimal;
};

/**
 * The BUYs around positions the SELLs leave: replicate()'s own search (round down, knapsack, swap repair) with the
 * remaining shares as its base, as in buy-only mode. A sold symbol keeps its shares but is never bought: its target
 * is set to 0 for the search (which only compares fills, so a constant offset changes no choice, and spends its
 * remainder only on targets above 0). Returns the final shares of every universe symbol held or bought.
 */
export const allocateAround = (input: AllocateAroundInput): Map<string, Decimal> =>
  allocatorFor(input.universe, input.allocated, input.unitShares, input.remaining)(input);

/**
 * allocateAround for many sets of SELLs from the same held shares: the problem is built once from `held` and each
 * call only changes what the SELLs change (the sold symbols' targets, the cash).
 */
export const allocatorFor = (
  universe: Universe,
  allocated: Decimal,
  unitShares: Decimal,
  held: ReadonlyMap<string, Decimal>,
): ((input: Omit<AllocateAroundInput, 'universe' | 'allocated' | 'unitShares'>) => Map<string, Decimal>) => {
  /** The problem with `baseShares` kept; null when they (and `outsideValue`) are worth more than the amount. */
  const build = (
    baseShares: ReadonlyMap<string, Decimal>,
    outsideValue: Decimal,
  ): AllocationProblem | null => {
    try {
      return buildAllocationProblem({
        items: universe.items,
        weightSum: universe.weightSum,
        amount: allocated,
        unitShares,
        baseShares,
        outsideValue,
      });
    } catch (error) {
      if (isDomainError(error) && error.code === 'BUY_ONLY_AMOUNT_BELOW_HOLDINGS') return null;
      throw error;
    }
  };
  // When what is held is worth more than the amount, each call builds its own problem.
  const built = build(held, ZERO);
  const indexOf = new Map(universe.items.map((item, i) => [item.symbol, i] as const));
  let heldCash = allocated;
  for (const item of universe.items) {
    const shares = held.get(item.symbol);
    if (shares) heldCash = heldCash.sub(shares.mul(dec(item.priceValue)));
  }
  return (input) => {
    const final = new Map<string, Decimal>();
    for (const item of universe.items) {
      const shares = input.remaining.get(item.symbol);
      if (shares?.gt(0)) final.set(item.symbol, shares);
    }
    const base = built ?? build(input.remaining, input.outsideValue);
    // What is kept is worth the whole amount or more: nothing is bought.
    if (!base) return final;
    // Cash left in the amount once the SELLs are made: the held cash plus what the universe SELLs free, less what
    // is still held outside the universe.
    let cash = heldCash.sub(input.outsideValue);
    for (const symbol of input.frozen) {
      const item = universe.items[indexOf.get(symbol) ?? -1];
      const before = held.get(symbol);
      if (item && before)
        cash = cash.add(before.sub(input.remaining.get(symbol) ?? ZERO).mul(dec(item.priceValue)));
    }
    if (built && cash.isNegative()) return final;
    const target = Float64Array.from(base.target);
    const floorUnits = Float64Array.from(base.floorUnits);
    universe.items.forEach((item, i) => {
      if (!input.frozen.has(item.symbol)) return;
      target[i] = 0;
      floorUnits[i] = 0;
    });
    const ticks = (value: Decimal) =>
      value.isNegative() ? 0 : value.mul(new D(10).pow(base.tickDecimals)).floor().toNumber();
    const problem: AllocationProblem = {
      ...base,
      target,
      floorUnits,
      cashTicks: Math.min(built ? ticks(cash) : base.cashTicks, ticks(input.spendable)),
    };
    const best = allocateUnits(problem, fillStart(problem)).units;
    const floor = roundDown(problem).units;
    const units = totalFilled(problem, floor) > totalFilled(problem, best) + problem.epsilon ? floor : best;
    universe.items.forEach((item, i) => {
      if (units[i] === 0) return;
      const had = final.get(item.symbol) ?? ZERO;
      final.set(item.symbol, had.add(unitShares.mul(units[i]!)));
    });
    return final;
  };
};

/**
 * The start of the search. When the cash cannot buy every unit below target (the usual case once held shares are
 * kept), each such unit fills its full cost, so the best start spends the most cash on them: a subset sum, solved by
 * the knapsack over blocks of 1, 2, 4, … units per holding. Otherwise (or if that is no better) the round-down,
 * whose canonical order may leave a small holding unbought that a few units of a larger one would have paid for.
 */
const fillStart = (problem: AllocationProblem): UnitAllocation => {
  const plain = roundDown(problem);
  let full = 0;
  for (let i = 0; i < problem.size; i += 1) full += problem.floorUnits[i]! * problem.unitTicks[i]!;
  if (full <= problem.cashTicks) return plain;
  const weights: number[] = [];
  const profits: number[] = [];
  const owner: number[] = [];
  const size: number[] = [];
  for (let i = 0; i < problem.size; i += 1) {
    let left = Math.min(problem.floorUnits[i]!, Math.floor(problem.cashTicks / problem.unitTicks[i]!));
    for (let block = 1; left > 0; block *= 2) {
      const taken = Math.min(block, left);
      weights.push(taken * problem.unitTicks[i]!);
      profits.push(taken * problem.unitCost[i]!);
      owner.push(i);
      size.push(taken);
      left -= taken;
    }
  }
  const result = solveKnapsack({
    weights,
    profits,
    selected: weights.map(() => false),
    freeCapacity: problem.cashTicks,
    epsilon: problem.epsilon,
    // A subset sum: bounds prune nothing, so stop within 10^-6 of the amount (0.0001 RR points) or at a work limit.
    tolerance: problem.tolerance * 10,
    maxStates: 500,
    maxWork: 200_000,
  });
  const units = new Float64Array(problem.size);
  let cash = problem.cashTicks;
  result.selected.forEach((chosen, k) => {
    if (!chosen) return;
    units[owner[k]!] = units[owner[k]!]! + size[k]!;
    cash -= weights[k]!;
  });
  return cash < plain.cashTicks ? { units, cashTicks: cash } : plain;
};
