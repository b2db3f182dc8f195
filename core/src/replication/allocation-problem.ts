import { D, type Decimal, dec, ZERO } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';
import type { UniverseItem } from './universe';

/**
 * The allocation as a numeric problem. Everything the search compares is a JS number; every number that decides
 * feasibility is an exact integer:
 * - costs are in "ticks" of 10^-k dollars (k as fine as the prices need, bounded so that sums stay below 2^51),
 *   rounded UP when a price has more decimals than k, and the cash is rounded DOWN, so whatever fits in ticks
 *   fits in exact decimals;
 * - floor units use exact decimal division whenever the float quotient is close to an integer.
 * Values (target dollars filled) are floats: they only rank alternatives; replicate() measures the answer in
 * decimal.js.
 */
export type AllocationProblem = {
  readonly size: number;
  /** T_i = A·t_i, dollars. */
  readonly target: Float64Array;
  /** Value of the shares held before buying (buy-only), dollars. */
  readonly base: Float64Array;
  /** Cost of one unit (one increment of shares), dollars. */
  readonly unitCost: Float64Array;
  /** Cost of one unit in ticks. */
  readonly unitTicks: Float64Array;
  /** Units that fit under the target: max(0, ⌊(T_i − base_i) / unitCost_i⌋). */
  readonly floorUnits: Float64Array;
  /** Cash to spend, in ticks, rounded down. */
  readonly cashTicks: number;
  /** log10 of ticks per dollar. */
  readonly tickDecimals: number;
  /** Comparisons of dollar values treat differences below this as ties. */
  readonly epsilon: number;
  /** Searches may stop when provably within this many dollars of their optimum (10^-7 of the amount). */
  readonly tolerance: number;
};

const MAX_SAFE_TICKS = 2 ** 51;

export type ProblemInput = {
  readonly items: readonly UniverseItem[];
  readonly weightSum: Decimal;
  readonly amount: Decimal;
  /** Shares per unit: 1 for whole shares, the increment otherwise. */
  readonly unitShares: Decimal;
  /** Shares held per universe symbol (buy-only), absent = 0. */
  readonly baseShares: ReadonlyMap<string, Decimal>;
  /** Value of holdings outside the universe (buy-only): they use cash but fill no target. */
  readonly outsideValue: Decimal;
};

export const buildAllocationProblem = (input: ProblemInput): AllocationProblem => {
  const { items, amount, unitShares, baseShares } = input;
  const size = items.length;
  let cash = amount.sub(input.outsideValue);
  for (const [symbol, shares] of baseShares) {
    const item = items.find((candidate) => candidate.symbol === symbol);
    if (item) cash = cash.sub(shares.mul(dec(item.priceValue)));
  }
  if (cash.isNegative()) {
    throw new DomainError(
      'BUY_ONLY_AMOUNT_BELOW_HOLDINGS',
      'validation',
      'The target amount is smaller than the value of the shares already held, so nothing can be bought',
      'amount',
    );
  }
  const unitDecimals = unitShares.decimalPlaces();
  const unitInteger = unitShares.mul(new D(10).pow(unitDecimals)).toNumber();
  const neededDecimals = Math.max(
    amount.decimalPlaces(),
    ...items.map((item) => item.priceDecimals + unitDecimals),
  );
  const affordableDecimals = Math.floor(Math.log10(MAX_SAFE_TICKS / Math.max(1, amount.toNumber())));
  const tickDecimals = Math.max(0, Math.min(neededDecimals, affordableDecimals));

  const amountNumber = amount.toNumber();
  const perWeight = amountNumber / input.weightSum.toNumber();
  const unitShareNumber = unitShares.toNumber();
  let exactPerWeight: Decimal | undefined;
  const target = new Float64Array(size);
  const base = new Float64Array(size);
  const unitCost = new Float64Array(size);
  const unitTicks = new Float64Array(size);
  const floorUnits = new Float64Array(size);
  for (let i = 0; i < size; i += 1) {
    const item = items[i]!;
    const held = baseShares.get(item.symbol);
    target[i] = item.weight * perWeight;
    base[i] = held ? held.toNumber() * item.price : 0;
    unitCost[i] = item.price * unitShareNumber;
    unitTicks[i] = ticksOf(item, unitShares, unitDecimals, unitInteger, tickDecimals);
    const quotient = (target[i]! - base[i]!) / unitCost[i]!;
    if (quotient < -1e-6) continue;
    if (Math.abs(quotient - Math.round(quotient)) > 1e-7 + Math.abs(quotient) * 1e-12) {
      floorUnits[i] = Math.max(0, Math.floor(quotient));
      continue;
    }
    exactPerWeight ??= amount.div(input.weightSum);
    const price = dec(item.priceValue);
    const exact = dec(item.weightValue)
      .mul(exactPerWeight)
      .sub(held ? held.mul(price) : ZERO)
      .div(price.mul(unitShares))
      .floor();
    floorUnits[i] = exact.isNegative() ? 0 : exact.toNumber();
  }
  return {
    size,
    target,
    base,
    unitCost,
    unitTicks,
    floorUnits,
    cashTicks: cash.mul(new D(10).pow(tickDecimals)).floor().toNumber(),
    tickDecimals,
    epsilon: 1e-9 + amountNumber * 1e-12,
    tolerance: amountNumber * 1e-7,
  };
};

/** Exact integer ticks when the price has few enough decimals (the usual case), else decimal.js rounding up. */
const ticksOf = (
  item: UniverseItem,
  unitShares: Decimal,
  unitDecimals: number,
  unitInteger: number,
  tickDecimals: number,
): number => {
  const spare = tickDecimals - item.priceDecimals - unitDecimals;
  const scaledPrice = item.price * 10 ** item.priceDecimals;
  if (spare >= 0 && scaledPrice < 2 ** 50) {
    const ticks = Math.round(scaledPrice) * unitInteger * 10 ** spare;
    if (ticks < 2 ** 53) return ticks;
  }
  return dec(item.priceValue).mul(unitShares).mul(new D(10).pow(tickDecimals)).ceil().toNumber();
};

/** Target dollars filled by item i holding `units` bought units: min(T_i, base_i + units·cost_i). */
export const filledValue = (problem: AllocationProblem, i: number, units: number): number =>
  Math.min(problem.target[i]!, problem.base[i]! + units * problem.unitCost[i]!);

/** What one more unit of item i adds to the filled target. */
export const addGain = (problem: AllocationProblem, i: number, units: number): number =>
  filledValue(problem, i, units + 1) - filledValue(problem, i, units);

/** What removing one bought unit of item i takes from the filled target. */
export const removeLoss = (problem: AllocationProblem, i: number, units: number): number =>
  filledValue(problem, i, units) - filledValue(problem, i, units - 1);

/** Total target dollars filled by an allocation (float; for ranking). */
export const totalFilled = (problem: AllocationProblem, units: Float64Array): number => {
  let total = 0;
  for (let i = 0; i < problem.size; i += 1) total += filledValue(problem, i, units[i]!);
  return total;
};
