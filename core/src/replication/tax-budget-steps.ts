import { D, type Decimal, decimalMin, ZERO } from '../shared/decimal';
import type { SellCurve } from './tax-budget-lots';

/**
 * `count` consecutive sell steps alike: each sells `shares` worth `value` dollars, realises `gain`, and `above` of
 * its dollars were held above the target (all of them outside the universe, none once the holding is at or below
 * its target). Floats only rank choices; `gain` is exact.
 */
export type StepRun = {
  readonly count: number;
  readonly shares: Decimal;
  readonly gain: Decimal;
  readonly value: number;
  readonly above: number;
};

/**
 * The ways a held symbol can be sold down, as steps in close order: what is left after a step is always a whole
 * number of increments (the first step sells the odd fraction when the position is not one). Steps within one lot
 * and on one side of the target are alike and form a run; a step across a boundary is a run of one.
 * `limit`: shares that may be sold at most (a prefix of the lots); `overweight`: dollars held above the target.
 */
export const buildSellSteps = (
  curve: SellCurve,
  unitShares: Decimal,
  limit: Decimal,
  overweight: number,
): StepRun[] => {
  const runs: StepRun[] = [];
  const price = curve.price.toNumber();
  const overweightShares = overweight / price;
  const odd = curve.held.mod(unitShares);
  const lotEnds: Decimal[] = [];
  let end = ZERO;
  for (const lot of curve.lots) {
    end = end.add(lot.shares);
    lotEnds.push(end);
  }
  const gainBetween = (from: Decimal, to: Decimal): Decimal => {
    let gain = ZERO;
    let start = ZERO;
    curve.lots.forEach((lot, index) => {
      const lotEnd = lotEnds[index]!;
      const overlap = decimalMin(lotEnd, to).sub(from.gt(start) ? from : start);
      if (overlap.gt(0)) gain = gain.add(overlap.mul(lot.gainPerShare));
      start = lotEnd;
    });
    return gain;
  };
  let sold = ZERO;
  let lotIndex = 0;
  const cap = decimalMin(limit, curve.held);
  for (let guard = 0; guard < 6 * curve.lots.length + 16; guard += 1) {
    const step = sold.isZero() && !odd.isZero() ? odd : unitShares;
    const next = sold.add(step);
    if (next.gt(cap)) break;
    while (lotIndex < lotEnds.length - 1 && lotEnds[lotIndex]!.lte(sold)) lotIndex += 1;
    const at = sold.toNumber();
    if (step === unitShares) {
      const inLot = lotEnds[lotIndex]!.sub(sold).div(unitShares).floor().toNumber();
      const inCap = cap.sub(sold).div(unitShares).floor().toNumber();
      const above = at < overweightShares;
      const inSide = above
        ? Math.floor((overweightShares - at) / unitShares.toNumber() + 1e-12)
        : Number.POSITIVE_INFINITY;
      const count = Math.min(inLot, inCap, inSide);
      if (count >= 1) {
        const lot = curve.lots[lotIndex]!;
        const value = step.toNumber() * price;
        runs.push({ count, shares: step, gain: step.mul(lot.gainPerShare), value, above: above ? value : 0 });
        sold = sold.add(step.mul(count));
        continue;
      }
    }
    const aboveShares = Math.min(Math.max(overweightShares - at, 0), step.toNumber());
    runs.push({
      count: 1,
      shares: step,
      gain: gainBetween(sold, next),
      value: step.toNumber() * price,
      above: aboveShares * price,
    });
    sold = next;
  }
  return runs;
};

/** Steps in all the runs. */
export const stepCount = (runs: readonly StepRun[]): number => runs.reduce((sum, run) => sum + run.count, 0);

/** Shares and gain of the first `steps` steps. */
export const prefixOf = (runs: readonly StepRun[], steps: number): { shares: Decimal; gain: Decimal } => {
  let shares = ZERO;
  let gain = ZERO;
  let left = steps;
  for (const run of runs) {
    if (left <= 0) break;
    const taken = Math.min(run.count, left);
    const times = new D(taken);
    shares = shares.add(run.shares.mul(times));
    gain = gain.add(run.gain.mul(times));
    left -= taken;
  }
  return { shares, gain };
};

/** The run holding step `index` (0-based) and how many steps of that run come before it. */
export const runAt = (
  runs: readonly StepRun[],
  index: number,
): { run: StepRun; offset: number } | undefined => {
  let start = 0;
  for (const run of runs) {
    if (index < start + run.count) return { run, offset: index - start };
    start += run.count;
  }
  return undefined;
};
