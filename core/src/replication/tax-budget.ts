/**
 * The constrained replication engine (issue 31): the orders with the highest replication rate whose SELLs — each
 * closing lots by the tracking's lot method at today's price — keep the year's net realised gain within a budget,
 * and realise no short-term gain when the budget forbids them.
 *
 * Rules (decided here, tested in tax-budget*.test.ts):
 * - No budget (no limit, short-term gains allowed) is today's engine: replicate() and its orders, unchanged. So is
 *   any budget today's orders already fit.
 * - The allowance is maxNetGain − the year's net gain so far, never below 0: a year already over its budget may
 *   still sell, as long as the new SELLs realise no net gain (losses may pay for gains).
 * - Loss lots are sold freely when that raises the rate, and their losses free budget for gains.
 * - A lot of unknown basis counts its whole proceeds as gain (basis 0); one of unknown date counts as short term.
 * - One order per symbol: a symbol being sold is never bought back (a loss bought back is a wash sale anyway).
 * - BUYs spend the tracking's cash plus the SELLs' proceeds, never more, and the positions never exceed A.
 * How: the budget only decides which held shares are sold (tax-budget-select.ts: a knapsack of sell steps by the
 * value above target they free against the gain they realise, with the room for their cash tried at several
 * sizes); the BUYs around what is left are replicate()'s own search (tax-budget-allocate.ts), and a local search
 * over one step more or fewer polishes the best (tax-budget-polish.ts). Everything that does not depend on the
 * budget is prepared once, so a trade-off curve of many budgets (taxBudgetCurve) repeats only the search.
 */
import { D, type Decimal, dec, decimalMax, ZERO } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';
import type { Lot } from '../tracking/lots';
import { toPositionMap } from './adjustment-orders';
import { replicate } from './replicate';
import { allocatorFor } from './tax-budget-allocate';
import { buildSellCurve, type SellCurve, sellableShares } from './tax-budget-lots';
import { polishSelection } from './tax-budget-polish';
import { finish, replicationOf, sellsOf } from './tax-budget-result';
import {
  buildSaleModel,
  capacityOf,
  hasHarvests,
  neighbour,
  type SaleModel,
  selectSales,
} from './tax-budget-select';
import { buildSellSteps, prefixOf, type StepRun } from './tax-budget-steps';
import type { TaxAwareInput, TaxAwareReplication, TaxBudget } from './tax-budget-types';
import { selectUniverse } from './universe';

export type TaxAwarePlan = {
  /** The best orders within `budget`. */
  readonly solve: (budget: TaxBudget) => TaxAwareReplication;
  /** What today's orders realise (the gain at which a budget stops binding). */
  readonly unconstrainedRealisedNetGain: Decimal;
};

/**
 * A step across the target frees its part above and drops the holding below by the rest. In whole units the cash
 * it frees seldom fills that gap again elsewhere in full: the part below counts at a half, and at a quarter (each
 * gives its own candidates; measured against the HiGHS optimum on the bundled funds: 0 or 1 do worse).
 */
const BELOW = [0.5, 0.25];
/** Candidates allocated per part-below weight: the relaxation ranks them loosely, so a few are measured exactly. */
const allocationsFor = (universeSize: number): number => (universeSize <= 200 ? 4 : 2);
/**
 * Neighbours the local search may measure: POLISH_WORK / holdings², at most POLISH_MOST. An allocation costs about
 * its number of holdings, and small funds (few, dear shares) are where whole shares cost the most rate: a fund of
 * 30 or 100 holdings gets 150, one of 159 gets 79, one of 500 gets 7, larger ones none.
 */
const POLISH_WORK = 2_000_000;
const POLISH_MOST = 150;
/** Room allowed for harvests, as shares of what the answer without any leaves. */
const HARVEST_ROOM = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.5, 2, Number.POSITIVE_INFINITY];

export const prepareTaxAware = (input: TaxAwareInput): TaxAwarePlan => {
  const amount = dec(input.amount);
  const increment = dec(input.shareIncrement ?? '0');
  const unitShares = increment.isZero() ? new D(1) : increment;
  const options = {
    numberOfWeightings: input.numberOfWeightings ?? null,
    shareIncrement: input.shareIncrement ?? '0',
    ...(input.exclusions ? { exclusions: input.exclusions } : {}),
  };
  const unconstrained = replicate(input.holdings, amount, options);
  const universe = selectUniverse(input.holdings, input.numberOfWeightings, input.exclusions);
  const inUniverse = new Map(universe.items.map((item) => [item.symbol, item] as const));
  const positions = new Map([...toPositionMap(input.positions)].filter(([, shares]) => shares.gt(0)));
  const prices = new Map<string, Decimal>();
  const priceOf = (symbol: string): Decimal => {
    const cached = prices.get(symbol);
    if (cached) return cached;
    const known = universe.prices.get(symbol) ?? input.prices?.[symbol];
    const price = known === undefined ? undefined : dec(known);
    if (!price?.gt(0)) {
      throw new DomainError(
        'POSITION_WITHOUT_PRICE',
        'validation',
        `No price for the held symbol ${symbol}, so its value is unknown`,
        'positions',
      );
    }
    prices.set(symbol, price);
    return price;
  };
  // Kept excluded shares stay as they are (replicate() keeps them too); the rest of A is what the targets share.
  const kept = new Set(Object.keys(input.exclusions?.kept ?? {}).filter((symbol) => !inUniverse.has(symbol)));
  let keptValue = ZERO;
  const curves = new Map<string, SellCurve>();
  const lotsOf = new Map<string, Lot[]>();
  for (const lot of input.lots) {
    if (positions.has(lot.symbol)) lotsOf.set(lot.symbol, [...(lotsOf.get(lot.symbol) ?? []), lot]);
  }
  for (const [symbol, shares] of positions) {
    const price = priceOf(symbol);
    if (kept.has(symbol)) keptValue = keptValue.add(shares.mul(price));
    else {
      const lots = lotsOf.get(symbol) ?? [];
      curves.set(symbol, buildSellCurve(symbol, shares, price, lots, input.lotMethod, input.today));
    }
  }
  const allocated = amount.sub(keptValue);
  const cashValue = dec(input.cash);
  const perWeight = allocated.toNumber() / universe.weightSum.toNumber();
  const targetOf = (symbol: string): number => (inUniverse.get(symbol)?.weight ?? 0) * perWeight;
  const today = finish(input, positions, curves, unconstrained, false);
  const todayGain = dec(today.realisedNetGain);
  const todayShortTerm = sellsOf(today.orders, curves).shortTermGain;

  const symbols = [...curves.keys()];
  const indexOf = new Map(symbols.map((symbol, s) => [symbol, s] as const));
  const heldValues = symbols.map(
    (symbol) => curves.get(symbol)!.held.toNumber() * curves.get(symbol)!.price.toNumber(),
  );
  const targets = symbols.map(targetOf);
  const room = symbols.map((_, s) => Math.max(0, targets[s]! - heldValues[s]!));
  const models = new Map<boolean, SaleModel>();
  const modelFor = (allowShortTermGains: boolean): SaleModel => {
    let found = models.get(allowShortTermGains);
    if (!found) {
      const runs = symbols.map((symbol, s) => {
        const curve = curves.get(symbol)!;
        const overweight = Math.max(0, heldValues[s]! - targets[s]!);
        return buildSellSteps(curve, unitShares, sellableShares(curve, allowShortTermGains), overweight);
      });
      found = buildSaleModel(runs, room);
      models.set(allowShortTermGains, found);
    }
    return found;
  };

  const allocator = allocatorFor(
    universe,
    allocated,
    unitShares,
    new Map([...positions].filter(([symbol]) => inUniverse.has(symbol))),
  );
  type Candidate = {
    readonly final: Map<string, Decimal>;
    readonly outside: Map<string, Decimal>;
    /** Target dollars filled (float: it only ranks candidates; the answer is measured exactly). */
    readonly filled: number;
    /** Unfilled target dollars of the universe symbols not sold: where more cash could still go. */
    readonly spare: number;
    readonly sold: readonly number[];
  };
  /** The positions after selling `sold` steps of each symbol and buying around what is left. */
  const allocateFor = (runs: readonly (readonly StepRun[])[], sold: readonly number[]): Candidate => {
    const remaining = new Map<string, Decimal>();
    const outside = new Map<string, Decimal>();
    const frozen = new Set<string>();
    let proceeds = ZERO;
    let outsideValue = ZERO;
    for (const [symbol, shares] of positions) {
      if (kept.has(symbol)) {
        outside.set(symbol, shares);
        continue;
      }
      const s = indexOf.get(symbol)!;
      let left = shares;
      if (sold[s]! > 0) {
        const sale = prefixOf(runs[s]!, sold[s]!).shares;
        left = shares.sub(sale);
        frozen.add(symbol);
        proceeds = proceeds.add(sale.mul(priceOf(symbol)));
      }
      if (inUniverse.has(symbol)) remaining.set(symbol, left);
      else {
        outside.set(symbol, left);
        outsideValue = outsideValue.add(left.mul(priceOf(symbol)));
      }
    }
    const final = allocator({
      remaining,
      frozen,
      outsideValue,
      spendable: cashValue.add(proceeds),
    });
    let filled = 0;
    let spare = 0;
    for (const item of universe.items) {
      const value = (final.get(item.symbol)?.toNumber() ?? 0) * item.price;
      const target = targetOf(item.symbol);
      filled += Math.min(target, value);
      if (!frozen.has(item.symbol)) spare += Math.max(0, target - value);
    }
    return { final, outside, filled, spare, sold };
  };

  let roomNotHeld = 0;
  for (const item of universe.items) if (!positions.has(item.symbol)) roomNotHeld += targetOf(item.symbol);
  const cash = Math.max(0, cashValue.toNumber());
  const universeStock = symbols.map((symbol) => inUniverse.has(symbol));
  /** Target dollars filled if the cash could be split to the cent: kept value plus min(cash, room left). */
  const relaxedFill = (runs: readonly (readonly StepRun[])[], sold: readonly number[]) => {
    let filled = 0;
    let spendable = cash;
    let open = roomNotHeld;
    runs.forEach((stock, s) => {
      let value = 0;
      let left = sold[s]!;
      for (const run of stock) {
        if (left <= 0) break;
        const taken = Math.min(run.count, left);
        value += taken * run.value;
        left -= taken;
      }
      spendable += value;
      if (!universeStock[s]) return;
      const kept = heldValues[s]! - value;
      filled += Math.min(targets[s]!, kept);
      if (sold[s] === 0) open += Math.max(0, targets[s]! - kept);
    });
    return filled + Math.min(spendable, open);
  };

  const solve = (budget: TaxBudget): TaxAwareReplication => {
    const allowance = allowanceOf(budget, dec(input.realisedNetGain));
    const fits =
      (allowance === null || todayGain.lte(allowance)) && (budget.allowShortTermGains || !todayShortTerm);
    if (fits) return today;
    const model = modelFor(budget.allowShortTermGains);
    const capacity = capacityOf(model, allowance);
    const tolerance = Math.max(1e-9, amount.toNumber() * 1e-7);
    // Harvests below target free budget, but their cash, and the cash of the sales they pay for, needs unfilled
    // targets elsewhere (the symbol sold is not bought). Room for them from 0 to twice what the answer without any
    // leaves unfilled: each is ranked by the fill of its continuous relaxation; the best are allocated.
    // Selling nothing always fits the budget: the answer is never worse than keeping every share and buying with cash.
    let best: Candidate | undefined = allocateFor(
      model.stocks,
      model.stocks.map(() => 0),
    );
    for (const below of BELOW) {
      const choice = (harvestRoom: number) => selectSales(model, capacity, { below, harvestRoom }, tolerance);
      const none = allocateFor(model.stocks, choice(0));
      if (!best || none.filled > best.filled + tolerance * 1e-3) best = none;
      if (!hasHarvests(model, below)) continue;
      const ranked = HARVEST_ROOM.map((share) => {
        const sold = choice(share * none.spare);
        return { sold, fill: relaxedFill(model.stocks, sold) };
      }).sort((a, b) => b.fill - a.fill);
      for (const { sold } of ranked.slice(0, allocationsFor(universe.items.length))) {
        const candidate = allocateFor(model.stocks, sold);
        if (candidate.filled > best.filled + tolerance * 1e-3) best = candidate;
      }
    }
    best = polishSelection(
      best!,
      symbols.length,
      (sold, s, delta) => neighbour(model, sold, s, delta, capacity, BELOW[0]!),
      (sold) => allocateFor(model.stocks, sold),
      Math.min(POLISH_MOST, Math.floor(POLISH_WORK / universe.items.length ** 2)),
      tolerance * 1e-3,
    );
    const target = replicationOf(universe, best.final, best.outside, priceOf, amount);
    return finish(input, positions, curves, target, true, todayGain);
  };
  return { solve, unconstrainedRealisedNetGain: todayGain };
};

/** maxNetGain − the year's net gain so far, at least 0; null without a limit. */
export const allowanceOf = (budget: TaxBudget, realisedNetGain: Decimal): Decimal | null => {
  if (budget.maxNetGain === null) return null;
  const max = dec(budget.maxNetGain);
  if (!max.isFinite() || max.isNegative()) {
    throw new DomainError(
      'INVALID_TAX_BUDGET',
      'validation',
      'The maximum net gain must be a number of at least 0',
      'maxNetGain',
    );
  }
  return decimalMax(ZERO, max.sub(realisedNetGain));
};

/** The best orders within `budget` for one tracking. */
export const replicateWithinTaxBudget = (input: TaxAwareInput, budget: TaxBudget): TaxAwareReplication =>
  prepareTaxAware(input).solve(budget);
