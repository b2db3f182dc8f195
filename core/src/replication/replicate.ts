/**
 * Replication engine: ETF holdings + budget → a target allocation of whole or fractional shares.
 *
 * Guarantees (checked by replicate.property.test.ts):
 * - Σ amountInvested + leftoverAmount = targetInvestmentAmount exactly (decimal.js), leftover ≥ 0.
 * - Shares are never negative and are multiples of the increment (1 share when whole; 0.01 when fractional);
 *   in buy-only mode they are the current position plus such multiples, so nothing is ever sold.
 * - RR (DESIGN §6.1) is within [0, 100] and never below the plain round-down allocation.
 * - The result depends only on the set of holdings: they are ordered canonically (weight desc, symbol asc)
 *   before anything else happens, and every tie is broken by that order.
 * - Holdings without a usable price are reported in `excluded`; the top N are taken among tradable holdings.
 * - Exclusions (issue 17) only shrink the universe: the problem over what remains is the same problem, solved the
 *   same way. Kept excluded shares are in the result as they are; the rest of the amount is allocated.
 *
 * How: with T_i = A·w_i/Σw the target dollars of holding i and c_i the cost of one unit,
 * 1. round down: ⌊T_i / c_i⌋ units each — every dollar spent counts fully toward RR;
 * 2. knapsack: one more unit of i fills g_i = T_i − c_i·⌊T_i/c_i⌋ < c_i more target at cost c_i; choosing these
 *    "crossing" units — and which bought units to sell to pay for them — is a 0/1 knapsack over the leftover
 *    cash, solved by an expanding-core Pareto DP (knapsack.ts, allocate.ts). It stops once provably within 10^-7
 *    of the amount of its optimum, or at its work limits;
 * 3. swap repair: sell one unit, buy another, while RR strictly rises (local-search.ts);
 * 4. the rest of the cash buys units that leave RR unchanged (maximise RR, then minimise leftover).
 * Fractional mode is the same with 0.01-share units: floor to the increment, then spend what is left where RR
 * rises most. The search runs on exact integer ticks for costs and floats for values (allocation-problem.ts);
 * the answer is re-measured in decimal.js. Should float noise ever rank the round-down higher, it is returned.
 * No I/O, no clock, no randomness.
 */
import { D, type Decimal, type DecimalInput, dec, toDecimalString, ZERO } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';
import { toMoneyString } from '../shared/money';
import { allocateUnits, roundDown } from './allocate';
import { type AllocationProblem, buildAllocationProblem, totalFilled } from './allocation-problem';
import { etfReplicationRateOf, replicationRateOf, toRateString } from './measure';
import type { HoldingInput, Investment, ReplicateOptions, Replication } from './types';
import { selectUniverse, type Universe } from './universe';

/** Above this the tick arithmetic would lose exactness; the spec caps amounts at 9,999,999,999.99 anyway. */
const ENGINE_AMOUNT_LIMIT = new D('1e13');

export const replicate = (
  holdings: readonly HoldingInput[],
  amount: DecimalInput,
  options: ReplicateOptions = {},
): Replication => {
  const target = parsePositive(amount, 'amount', 'The investment amount must be greater than zero');
  if (target.gt(ENGINE_AMOUNT_LIMIT)) {
    throw new DomainError('AMOUNT_TOO_LARGE', 'validation', 'The investment amount is too large', 'amount');
  }
  const increment = parseIncrement(options.shareIncrement ?? '0');
  const unitShares = increment.isZero() ? new D(1) : increment;
  const universe = selectUniverse(holdings, options.numberOfWeightings, options.exclusions);
  const inUniverse = new Set(universe.items.map((item) => item.symbol));
  const kept = keptPositions(options, inUniverse);
  const held = heldPositions(universe, options);
  const baseShares = new Map<string, Decimal>();
  const outside: [string, Held][] = [...kept];
  let keptValue = ZERO;
  for (const [, position] of kept) keptValue = keptValue.add(position.shares.mul(position.price));
  const allocated = target.sub(keptValue);
  if (!allocated.isPositive()) {
    throw new DomainError(
      'KEPT_HOLDINGS_ABOVE_AMOUNT',
      'validation',
      'The excluded shares you chose to keep are worth the whole target amount or more, so nothing is left to buy',
      'amount',
    );
  }
  let outsideValue = ZERO;
  for (const [symbol, position] of held) {
    if (kept.has(symbol)) continue;
    if (inUniverse.has(symbol)) {
      baseShares.set(symbol, position.shares);
    } else {
      outside.push([symbol, position]);
      outsideValue = outsideValue.add(position.shares.mul(position.price));
    }
  }
  const problem = buildAllocationProblem({
    items: universe.items,
    weightSum: universe.weightSum,
    amount: allocated,
    unitShares,
    baseShares,
    outsideValue,
  });
  const best = allocateUnits(problem).units;
  const floor = roundDown(problem).units;
  // Float noise must never make the answer worse than the plain round-down.
  const units = totalFilled(problem, floor) > totalFilled(problem, best) + problem.epsilon ? floor : best;
  return buildResult(universe, problem, units, unitShares, baseShares, outside, target);
};

type Held = { readonly shares: Decimal; readonly price: Decimal };

/** Kept shares of excluded holdings (a symbol still in the universe is not excluded, so it is not kept). */
const keptPositions = (options: ReplicateOptions, inUniverse: ReadonlySet<string>): Map<string, Held> => {
  const kept = new Map<string, Held>();
  const given = options.exclusions?.kept ?? {};
  for (const symbol of Object.keys(given).sort()) {
    if (inUniverse.has(symbol)) continue;
    const shares = dec(given[symbol]!.shares);
    const price = dec(given[symbol]!.price);
    if (shares.isNegative() || !price.isPositive()) {
      throw new DomainError(
        'INVALID_POSITION',
        'validation',
        `Kept position ${symbol} is invalid`,
        'positions',
      );
    }
    if (!shares.isZero()) kept.set(symbol, { shares, price });
  }
  return kept;
};

const heldPositions = (universe: Universe, options: ReplicateOptions): Map<string, Held> => {
  const held = new Map<string, Held>();
  if (!options.buyOnly) return held;
  const extraPrices = options.buyOnly.prices ?? {};
  for (const symbol of Object.keys(options.buyOnly.positions).sort()) {
    const shares = dec(options.buyOnly.positions[symbol]!);
    if (shares.isNegative()) {
      throw new DomainError('INVALID_POSITION', 'validation', `Position ${symbol} is negative`, 'positions');
    }
    if (shares.isZero()) continue;
    const known = universe.prices.get(symbol) ?? extraPrices[symbol];
    const price = known === undefined ? undefined : dec(known);
    if (price === undefined || price.lte(0)) {
      throw new DomainError(
        'POSITION_WITHOUT_PRICE',
        'validation',
        `No price for the held symbol ${symbol}, so its value is unknown`,
        'positions',
      );
    }
    held.set(symbol, { shares, price });
  }
  return held;
};

const buildResult = (
  universe: Universe,
  problem: AllocationProblem,
  units: Float64Array,
  unitShares: Decimal,
  baseShares: ReadonlyMap<string, Decimal>,
  outside: readonly (readonly [string, Held])[],
  amount: Decimal,
): Replication => {
  const investments: Investment[] = [];
  const invested = new Map<string, Decimal>();
  const targetWeights = new Map<string, DecimalInput>();
  // Float values with a relative safety margin: only the holdings they cannot classify get exact targets.
  const belowTarget = new Set<string>();
  const belowFundWeight = new Set<string>();
  const perPercent = amount.toNumber() / 100;
  let total = ZERO;
  const add = (symbol: string, shares: Decimal, price: Decimal) => {
    const value = shares.mul(price);
    invested.set(symbol, value);
    total = total.add(value);
    investments.push({
      symbol,
      numberOfShares: toDecimalString(shares),
      amountInvested: toMoneyString(value),
    });
  };
  universe.items.forEach((item, i) => {
    targetWeights.set(item.symbol, item.weightValue);
    const held = baseShares.get(item.symbol);
    if (units[i] === 0 && held === undefined) return;
    const bought = units[i] === 0 ? ZERO : unitShares.mul(units[i]!);
    add(item.symbol, held ? held.add(bought) : bought, dec(item.priceValue));
    const value = problem.base[i]! + units[i]! * problem.unitCost[i]!;
    if (value < problem.target[i]! * (1 - 1e-9)) belowTarget.add(item.symbol);
    if (value < item.weight * perPercent * (1 - 1e-9)) belowFundWeight.add(item.symbol);
  });
  for (const [symbol, { shares, price }] of outside) add(symbol, shares, price);
  const leftover = amount.sub(total);
  if (leftover.isNegative()) {
    throw new Error(`replicate: the allocation exceeds the amount by ${leftover.neg().toFixed()}`);
  }
  const rate = replicationRateOf(invested, targetWeights, universe.weightSum, amount, (s) =>
    belowTarget.has(s),
  );
  const etfRate = etfReplicationRateOf(invested, universe.fundWeights, amount, (s) => belowFundWeight.has(s));
  return {
    targetInvestmentAmount: toMoneyString(amount),
    investments,
    leftoverAmount: toMoneyString(leftover),
    replicationRate: toRateString(rate),
    etfReplicationRate: toRateString(etfRate),
    etfCoverage: toDecimalString(universe.weightSum),
    excluded: universe.excluded,
  };
};

const parsePositive = (value: DecimalInput, field: string, message: string): Decimal => {
  let parsed: Decimal;
  try {
    parsed = dec(value);
  } catch {
    throw new DomainError('INVALID_AMOUNT', 'validation', message, field);
  }
  if (!parsed.isFinite() || parsed.lte(0))
    throw new DomainError('INVALID_AMOUNT', 'validation', message, field);
  return parsed;
};

const parseIncrement = (value: DecimalInput): Decimal => {
  let parsed: Decimal | undefined;
  try {
    parsed = dec(value);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || !parsed.isFinite() || parsed.isNegative() || parsed.gt(1)) {
    throw new DomainError(
      'INVALID_SHARE_INCREMENT',
      'validation',
      'The share increment must be 0 (whole shares) or a positive fraction of a share',
      'shareIncrement',
    );
  }
  return parsed;
};
