import { D, type Decimal } from '../shared/decimal';
import { solveKnapsack } from './knapsack';
import type { StepRun } from './tax-budget-steps';

/**
 * The sell steps of every held symbol in the numbers the selection compares, prepared once per set of steps:
 * gains in integer ticks of 10^-decimals dollars, each step's rounded UP, so any set of steps whose ticks fit
 * floor(allowance · 10^decimals) realises at most the allowance in exact decimals.
 */
export type SaleModel = {
  readonly stocks: readonly (readonly StepRun[])[];
  /** Per stock, per run: the ticks of one step. */
  readonly ticks: readonly (readonly number[])[];
  readonly scale: Decimal;
  /** Σ ticks of every step with a gain: a larger capacity changes nothing. */
  readonly gainTicks: number;
  /** Per stock: unfilled target dollars before any sale (0 at or above target, and outside the universe). */
  readonly room: readonly number[];
};

export const buildSaleModel = (
  stocks: readonly (readonly StepRun[])[],
  room: readonly number[],
): SaleModel => {
  let totalAbs = 0;
  for (const runs of stocks) for (const run of runs) totalAbs += Math.abs(run.gain.toNumber()) * run.count;
  const decimals = Math.max(0, Math.min(6, Math.floor(Math.log10(2 ** 50 / Math.max(1, totalAbs)))));
  const scale = new D(10).pow(decimals);
  let gainTicks = 0;
  const ticks = stocks.map((runs) =>
    runs.map((run) => {
      const step = run.gain.mul(scale).ceil().toNumber();
      if (step > 0) gainTicks += step * run.count;
      return step;
    }),
  );
  return { stocks, ticks, scale, gainTicks, room };
};

/** The allowance in ticks (rounded down), no more than every gain together; null (no limit) is every gain. */
export const capacityOf = (model: SaleModel, allowance: Decimal | null): number =>
  allowance === null
    ? model.gainTicks
    : Math.min(model.gainTicks, allowance.mul(model.scale).floor().toNumber());

/**
 * What selling one step of a run frees, in target dollars: its part above the target, less `below` times its part
 * below (a step across the target leaves the holding under it; the cash seldom fills that gap elsewhere in full).
 */
const worthOf = (run: StepRun, below: number): number => run.above - below * (run.value - run.above);

/** Whether any step is a harvest (see selectSales): a loss that frees no value above the target. */
export const hasHarvests = (model: SaleModel, below: number): boolean =>
  model.stocks.some((runs, s) => runs.some((run, r) => worthOf(run, below) <= 0 && model.ticks[s]![r]! < 0));

/**
 * Which sales to make: per held symbol, how many of its sell steps (a prefix of its close order), at most
 * `capacity` ticks of net gain. Every dollar held above a target (or outside the universe) is a dollar of some
 * other target unfilled, and a sale's cash fills targets only where there is room left, so the choice has two
 * constraints: the gain and the room.
 * - Leading loss steps above target are taken: they free value and capacity.
 * - Loss steps below target ("harvests") free capacity but cost room: the dollars they sell, and for a symbol under
 *   its target the room it had (a sold symbol is never bought back). They are taken by loss per room dollar, each
 *   symbol's in its close order, up to `harvestRoom` dollars (the caller tries several).
 * - Steps with a gain are a 0/1 knapsack on what is left of the capacity: weight its gain, worth its cash at
 *   `lambda` a dollar less the target dollars its holding loses (steps across the target; 1 when room is plentiful).
 *   Runs enter as blocks of 1, 2, 4, … steps. When gains per step never fall along the close order (HIFO; each group
 *   of TAX_OPTIMAL) the knapsack's choice is a prefix per symbol; otherwise the counts are repaired (settle).
 */
export const selectSales = (
  model: SaleModel,
  capacity: number,
  choice: { readonly below: number; readonly harvestRoom: number },
  tolerance: number,
): number[] => {
  const { stocks, ticks, room } = model;
  const lambda = choice.below;
  const sold = stocks.map(() => 0);
  let free = capacity;
  const harvests: { s: number; r: number; ratio: number }[] = [];
  const gainStart = stocks.map(() => 0);
  stocks.forEach((runs, s) => {
    let r = 0;
    for (; r < runs.length && ticks[s]![r]! <= 0; r += 1) {
      const run = runs[r]!;
      if (worthOf(run, lambda) <= 0 || harvests.at(-1)?.s === s) {
        const entry = harvests.at(-1)?.s === s ? 0 : room[s]!;
        harvests.push({ s, r, ratio: (-ticks[s]![r]! * run.count) / (run.value * run.count + entry) });
        continue;
      }
      sold[s] = sold[s]! + run.count;
      free -= ticks[s]![r]! * run.count;
    }
    gainStart[s] = harvests.at(-1)?.s === s ? -1 : r;
  });
  // Harvests by loss per room dollar, each symbol's in its close order, while the room allowed lasts.
  harvests.sort((a, b) => b.ratio - a.ratio || a.s - b.s || a.r - b.r);
  const nextRun = new Map<number, number>();
  for (const harvest of [...harvests].reverse())
    nextRun.set(harvest.s, Math.min(nextRun.get(harvest.s) ?? 1e9, harvest.r));
  let left = choice.harvestRoom;
  const started = new Set<number>();
  for (let pass = 0; pass < 2 && left > 0; pass += 1) {
    for (const { s, r } of harvests) {
      if (nextRun.get(s) !== r || left <= 0) continue;
      const run = stocks[s]![r]!;
      const entry = started.has(s) ? 0 : room[s]!;
      const steps = Math.min(run.count, Math.floor((left - entry) / run.value));
      if (steps <= 0) continue;
      started.add(s);
      left -= entry + steps * run.value;
      sold[s] = sold[s]! + steps;
      free -= ticks[s]![r]! * steps;
      if (steps === run.count && ticks[s]![r + 1] !== undefined && ticks[s]![r + 1]! <= 0)
        nextRun.set(s, r + 1);
      else nextRun.delete(s);
    }
  }
  const weights: number[] = [];
  const profits: number[] = [];
  const owner: number[] = [];
  const size: number[] = [];
  stocks.forEach((runs, s) => {
    // Gains only after every leading loss step of the symbol is sold (its prefix).
    let r = gainStart[s]!;
    if (r < 0) return;
    for (; r < runs.length; r += 1) {
      const worth = worthOf(runs[r]!, lambda);
      if (worth <= 0) break;
      let count = runs[r]!.count;
      for (let block = 1; count > 0; block *= 2) {
        const taken = Math.min(block, count);
        count -= taken;
        weights.push(Math.max(0, ticks[s]![r]!) * taken);
        profits.push(worth * taken);
        owner.push(s);
        size.push(taken);
      }
    }
  });
  if (weights.length > 0 && free > 0) {
    const result = solveKnapsack({
      weights,
      profits,
      selected: weights.map(() => false),
      freeCapacity: free,
      epsilon: tolerance * 1e-3,
      tolerance,
    });
    result.selected.forEach((chosen, k) => {
      if (chosen) sold[owner[k]!] = sold[owner[k]!]! + size[k]!;
    });
  }
  return settle(model, sold, capacity, lambda)!;
};

/**
 * A neighbour of a selection for the local search: `delta` more steps of stock s (fewer when negative), the others
 * repaired to fit the capacity and the slack filled as selectSales does; null when it cannot fit or leaves the range.
 */
export const neighbour = (
  model: SaleModel,
  sold: readonly number[],
  s: number,
  delta: number,
  capacity: number,
  below: number,
): number[] | null => {
  const next = sold.slice();
  next[s] = next[s]! + delta;
  const count = model.stocks[s]!.reduce((sum, run) => sum + run.count, 0);
  if (next[s]! < 0 || next[s]! > count) return null;
  return settle(model, next, capacity, below, s);
};

/** Ticks of the first `steps` steps of stock s. */
export const prefixTicks = (model: SaleModel, s: number, steps: number): number => {
  let total = 0;
  let left = steps;
  model.stocks[s]!.forEach((run, r) => {
    const taken = Math.min(run.count, Math.max(0, left));
    total += taken * model.ticks[s]![r]!;
    left -= taken;
  });
  return total;
};

/** The run index of step `index` (0-based) of stock s and how many steps of it come before. */
const runAt = (model: SaleModel, s: number, index: number): { r: number; offset: number } | undefined => {
  let start = 0;
  const runs = model.stocks[s]!;
  for (let r = 0; r < runs.length; r += 1) {
    if (index < start + runs[r]!.count) return { r, offset: index - start };
    start += runs[r]!.count;
  }
  return undefined;
};

/** Counts that fit: dearest last steps given back while over, harvests the capacity does not need returned, slack used. */
const settle = (
  model: SaleModel,
  sold: number[],
  capacity: number,
  lambda: number,
  locked = -1,
): number[] | null => {
  const { stocks, ticks } = model;
  const own = stocks.map((_, s) => prefixTicks(model, s, sold[s]!));
  let total = own.reduce((sum, value) => sum + value, 0);
  const move = (s: number, steps: number) => {
    sold[s] = sold[s]! + steps;
    const next = prefixTicks(model, s, sold[s]!);
    total += next - own[s]!;
    own[s] = next;
  };
  // Over the capacity (a choice that was not a prefix): give back the dearest last steps.
  while (total > capacity) {
    let worst = -1;
    let worstTicks = 0;
    stocks.forEach((_, s) => {
      const last = sold[s]! > 0 && s !== locked ? runAt(model, s, sold[s]! - 1) : undefined;
      if (last && ticks[s]![last.r]! > worstTicks) {
        worst = s;
        worstTicks = ticks[s]![last.r]!;
      }
    });
    if (worst === -1) {
      // Only losses end the prefixes: drop the symbol whose sales realise the most.
      const most = own.reduce((best, value, s) => (s !== locked && value > own[best]! ? s : best), 0);
      if (most === locked || own[most]! <= 0) return null;
      move(most, -sold[most]!);
      continue;
    }
    const last = runAt(model, worst, sold[worst]! - 1)!;
    move(worst, -Math.max(1, Math.min(Math.ceil((total - capacity) / worstTicks), last.offset + 1)));
  }
  // Harvests worth nothing that the capacity does not need are not made.
  stocks.forEach((runs, s) => {
    if (s === locked) return;
    for (let last = sold[s]! > 0 ? runAt(model, s, sold[s]! - 1) : undefined; last; ) {
      const step = ticks[s]![last.r]!;
      if (worthOf(runs[last.r]!, lambda) > 0 || step >= 0) break;
      const back = Math.min(Math.floor((capacity - total) / -step), last.offset + 1);
      if (back <= 0) break;
      move(s, -back);
      last = sold[s]! > 0 && back === last.offset + 1 ? runAt(model, s, sold[s]! - 1) : undefined;
    }
  });
  // Slack left (rounding, a repaired prefix): further steps worth something that fit, best worth per tick first.
  for (let pass = 0, moved = true; pass < 3 && moved; pass += 1) {
    moved = false;
    const next: { s: number; ratio: number }[] = [];
    stocks.forEach((runs, s) => {
      const at = s === locked ? undefined : runAt(model, s, sold[s]!);
      if (!at) return;
      const worth = worthOf(runs[at.r]!, lambda);
      const step = ticks[s]![at.r]!;
      if (worth <= 0) return;
      next.push({ s, ratio: step <= 0 ? Number.POSITIVE_INFINITY : worth / step });
    });
    next.sort((a, b) => b.ratio - a.ratio || a.s - b.s);
    for (const { s } of next) {
      const { r, offset } = runAt(model, s, sold[s]!)!;
      const left = stocks[s]![r]!.count - offset;
      const step = ticks[s]![r]!;
      const fits = step <= 0 ? left : Math.min(left, Math.floor((capacity - total) / step));
      if (fits <= 0) continue;
      move(s, fits);
      moved = true;
    }
  }
  return sold;
};
