import { D, type Decimal, ZERO } from '../shared/decimal';
import { solveKnapsack } from './knapsack';
import { prefixOf, runAt, type StepRun, stepCount } from './tax-budget-steps';

/**
 * How much selling below target at a loss ("harvest") may cost: the dollars it sells plus, for a symbol that was
 * under its target, the room it had (a symbol being sold is never bought, so its unfilled target is lost).
 */
export type HarvestLimit = {
  readonly cap: number;
  /** Per stock: unfilled target dollars before any sale (0 above target). */
  readonly room: readonly number[];
  /** Per stock: today's price. */
  readonly price: readonly number[];
};

/**
 * Which sales to make under a gains allowance: the steps (per held symbol, a prefix of its sell steps) that free the
 * most value held above target while their realised net gain stays within `allowance` (null = no limit).
 *
 * Every dollar held above a target (or outside the universe) is a dollar of some other target left unfilled, since
 * the targets add up to the amount; so the rate lost to the budget is the value kept above target, and choosing the
 * sales is a 0/1 knapsack: weight = a step's gain (exact ticks, rounded up), profit = the value above target it
 * frees. Loss steps weigh nothing and free budget, so they are all taken first. Loss steps below target free no
 * value and cost the room their cash would have filled: they are taken, most loss per dollar first, up to
 * `harvest.cap` dollars (the caller tries several caps), and returned afterwards when the budget does not need
 * them. Runs of alike steps enter as blocks of 1, 2, 4, … steps.
 * When gains per step never fall along the close order (HIFO; each group of TAX_OPTIMAL) a knapsack optimum is a
 * prefix per symbol, so the answer is exact; otherwise the prefix is repaired to fit and filled greedily.
 */
export const selectSales = (
  stocks: readonly (readonly StepRun[])[],
  allowance: Decimal | null,
  tolerance: number,
  harvest: HarvestLimit,
): number[] => {
  const sold = stocks.map(() => 0);
  if (allowance === null) {
    stocks.forEach((runs, s) => {
      let steps = 0;
      for (const run of runs) {
        steps += run.count;
        if (run.profit > 0) sold[s] = steps;
      }
    });
    return sold;
  }
  let totalAbs = allowance.abs().toNumber();
  for (const runs of stocks) for (const run of runs) totalAbs += Math.abs(run.gain.toNumber()) * run.count;
  const decimals = Math.max(0, Math.min(6, Math.floor(Math.log10(2 ** 50 / Math.max(1, totalAbs)))));
  const scale = new D(10).pow(decimals);
  const ticks = (gain: Decimal) => gain.mul(scale).ceil().toNumber();
  let capacity = allowance.mul(scale).floor().toNumber();
  const weights: number[] = [];
  const profits: number[] = [];
  const owner: number[] = [];
  const size: number[] = [];
  const harvests: { s: number; run: StepRun; ratio: number }[] = [];
  stocks.forEach((runs, s) => {
    for (const run of runs) {
      if (run.profit <= 0 && run.gain.lt(0)) {
        // The first harvest of a symbol under target also costs the room it had: rank by loss per dollar of both.
        const value = run.shares.toNumber() * (harvest.price[s] ?? 1) * run.count;
        const entry = harvests.at(-1)?.s === s ? 0 : (harvest.room[s] ?? 0);
        harvests.push({ s, run, ratio: (-run.gain.toNumber() * run.count) / (value + entry) });
        continue;
      }
      if (run.profit <= 0 && harvests.at(-1)?.s === s) break;
      if (run.gain.lte(0)) {
        sold[s] = sold[s]! + run.count;
        capacity -= ticks(run.gain.mul(run.count));
        continue;
      }
      if (run.profit <= 0) continue;
      let left = run.count;
      for (let block = 1; left > 0; block *= 2) {
        const taken = Math.min(block, left);
        weights.push(ticks(run.gain.mul(taken)));
        profits.push(run.profit * taken);
        owner.push(s);
        size.push(taken);
        left -= taken;
      }
    }
  });
  // Harvests below target, most loss per dollar first, each symbol's in its close order, within the cap.
  const nextHarvest = new Map<number, StepRun>();
  for (const harvest of [...harvests].reverse()) nextHarvest.set(harvest.s, harvest.run);
  const order = harvests
    .map((harvest, k) => ({ ...harvest, k }))
    .sort((a, b) => b.ratio - a.ratio || a.k - b.k);
  let cap = harvest.cap;
  const started = new Set<number>();
  for (let pass = 0; pass < 2 && cap > 0; pass += 1) {
    for (const { s, run } of order) {
      if (nextHarvest.get(s) !== run || cap <= 0) continue;
      const stepValue = run.shares.toNumber() * (harvest.price[s] ?? 0);
      const entry = started.has(s) ? 0 : (harvest.room[s] ?? 0);
      const steps = Math.min(run.count, Math.floor((cap - entry) / stepValue));
      if (steps <= 0) continue;
      started.add(s);
      cap -= entry + steps * stepValue;
      sold[s] = sold[s]! + steps;
      capacity -= ticks(run.gain.mul(steps));
      const own = harvests.filter((candidate) => candidate.s === s);
      const at = own.findIndex((candidate) => candidate.run === run);
      if (steps === run.count && own[at + 1]) nextHarvest.set(s, own[at + 1]!.run);
      else nextHarvest.delete(s);
    }
  }
  if (weights.length > 0 && capacity > 0) {
    const result = solveKnapsack({
      weights,
      profits,
      selected: weights.map(() => false),
      freeCapacity: capacity,
      epsilon: tolerance * 1e-3,
      tolerance,
    });
    result.selected.forEach((chosen, k) => {
      if (chosen) sold[owner[k]!] = sold[owner[k]!]! + size[k]!;
    });
  }
  return settle(stocks, sold, allowance);
};

/** Prefixes that fit: repaired when the knapsack's steps were not a prefix, unneeded harvests returned, slack used. */
const settle = (stocks: readonly (readonly StepRun[])[], sold: number[], allowance: Decimal): number[] => {
  const gains = stocks.map((runs, s) => prefixOf(runs, sold[s]!).gain);
  let total = gains.reduce((sum, gain) => sum.add(gain), ZERO);
  const move = (s: number, steps: number) => {
    sold[s] = sold[s]! + steps;
    const gain = prefixOf(stocks[s]!, sold[s]!).gain;
    total = total.add(gain).sub(gains[s]!);
    gains[s] = gain;
  };
  // Over the allowance (only when gains fall somewhere along a close order): give back the dearest last steps.
  while (total.gt(allowance)) {
    let worst = -1;
    let worstGain = ZERO;
    stocks.forEach((runs, s) => {
      const last = sold[s]! > 0 ? runAt(runs, sold[s]! - 1) : undefined;
      if (last?.run.gain.gt(worstGain)) {
        worst = s;
        worstGain = last.run.gain;
      }
    });
    if (worst === -1) {
      // Only losses end the prefixes: drop the symbol whose sales realise the most.
      const most = gains.reduce((best, gain, s) => (gain.gt(gains[best]!) ? s : best), 0);
      move(most, -sold[most]!);
      continue;
    }
    const last = runAt(stocks[worst]!, sold[worst]! - 1)!;
    const needed = total.sub(allowance).div(worstGain).ceil().toNumber();
    move(worst, -Math.max(1, Math.min(needed, last.offset + 1)));
  }
  // Harvests that free no value and that the allowance does not need are not made.
  stocks.forEach((runs, s) => {
    for (let last = sold[s]! > 0 ? runAt(runs, sold[s]! - 1) : undefined; last; ) {
      if (last.run.profit > 0 || !last.run.gain.lt(0)) break;
      const room = allowance.sub(total).div(last.run.gain.neg()).floor().toNumber();
      const back = Math.min(room, last.offset + 1);
      if (back <= 0) break;
      move(s, -back);
      last = sold[s]! > 0 && back === last.offset + 1 ? runAt(runs, sold[s]! - 1) : undefined;
    }
  });
  // Slack left (rounding of ticks, a repaired prefix): further steps that free value and fit, best ratio first,
  // in a few passes over the symbols' next runs.
  const counts = stocks.map(stepCount);
  for (let pass = 0, moved = true; pass < 3 && moved; pass += 1) {
    moved = false;
    const next: { s: number; ratio: number }[] = [];
    stocks.forEach((runs, s) => {
      if (sold[s]! >= counts[s]!) return;
      const { run } = runAt(runs, sold[s]!)!;
      if (run.profit <= 0) return;
      next.push({ s, ratio: run.gain.lte(0) ? Number.POSITIVE_INFINITY : run.profit / run.gain.toNumber() });
    });
    next.sort((a, b) => b.ratio - a.ratio || a.s - b.s);
    for (const { s } of next) {
      const { run, offset } = runAt(stocks[s]!, sold[s]!)!;
      const left = run.count - offset;
      const fits = run.gain.lte(0)
        ? left
        : Math.min(left, allowance.sub(total).div(run.gain).floor().toNumber());
      if (fits <= 0) continue;
      move(s, fits);
      moved = true;
    }
  }
  return sold;
};

/** Exact realised gain of the chosen prefixes. */
export const salesGain = (stocks: readonly (readonly StepRun[])[], sold: readonly number[]): Decimal =>
  stocks.reduce((sum, runs, s) => sum.add(prefixOf(runs, sold[s]!).gain), ZERO);
