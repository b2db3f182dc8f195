import { type AllocationProblem, addGain, removeLoss } from './allocation-problem';
import { solveKnapsack } from './knapsack';
import { investRemainder, swapRepair } from './local-search';

export type UnitAllocation = {
  /** Bought units per item (on top of any buy-only base). */
  readonly units: Float64Array;
  readonly cashTicks: number;
};

/** Step 1: the plain round-down. Units up to the target, in canonical order while cash lasts. */
export const roundDown = (problem: AllocationProblem): UnitAllocation => {
  const units = new Float64Array(problem.size);
  let cash = problem.cashTicks;
  for (let i = 0; i < problem.size; i += 1) {
    const ticks = problem.unitTicks[i]!;
    const take = Math.min(problem.floorUnits[i]!, Math.floor(cash / ticks));
    units[i] = take;
    cash -= take * ticks;
  }
  return { units, cashTicks: cash };
};

/**
 * Step 2: a knapsack over the cash left plus what selling frees. Candidates: one more unit of every holding
 * whose next unit raises RR, and — to make room — selling units already bought: the last unit at its true loss,
 * further units in blocks of 1, 2, 4, … units (the binary split of a bounded knapsack). Blocks are valued at full
 * price, which never undervalues a sale, so the modelled gain is never more than the real one.
 */
const knapsackStep = (problem: AllocationProblem, units: Float64Array, cashTicks: number): number => {
  const weights: number[] = [];
  const profits: number[] = [];
  const selected: boolean[] = [];
  const item: number[] = [];
  const count: number[] = [];
  const candidate = (i: number, size: number, profit: number, isSale: boolean) => {
    weights.push(size * problem.unitTicks[i]!);
    profits.push(profit);
    selected.push(isSale);
    item.push(i);
    count.push(size);
  };
  let releasable = 0;
  for (let i = 0; i < problem.size; i += 1) releasable += units[i]! * problem.unitTicks[i]!;
  // Selling full-value units pays only for buys that overshoot their target by less than the cash at hand.
  const cash = cashTicks / 10 ** problem.tickDecimals;
  let dearest = 0;
  for (let i = 0; i < problem.size; i += 1) {
    const gain = addGain(problem, i, units[i]!);
    if (gain <= problem.epsilon || problem.unitTicks[i]! > cashTicks + releasable) continue;
    candidate(i, 1, gain, false);
    if (problem.unitCost[i]! - gain < cash) dearest = Math.max(dearest, problem.unitTicks[i]!);
  }
  if (weights.length === 0) return cashTicks;
  const held: number[] = [];
  for (let i = 0; i < problem.size; i += 1) {
    if (units[i]! <= 0) continue;
    candidate(i, 1, removeLoss(problem, i, units[i]!), true);
    if (units[i]! > 1) held.push(i);
  }
  // Every sale is worth its full price, so which holdings sell matters only for the amounts reachable: blocks of the
  // cheapest holdings, up to four times the dearest useful buy in all, give fine steps and enough reach.
  held.sort((a, b) => problem.unitTicks[a]! - problem.unitTicks[b]! || a - b);
  let reach = 0;
  for (const i of held) {
    if (reach >= 4 * dearest) break;
    const ticks = problem.unitTicks[i]!;
    let more = Math.min(units[i]! - 1, Math.ceil((2 * dearest) / ticks) - 1);
    reach += more * ticks;
    for (let block = 1; more > 0; block *= 2) {
      const size = Math.min(block, more);
      candidate(i, size, size * problem.unitCost[i]!, true);
      more -= size;
    }
  }
  const result = solveKnapsack({
    weights,
    profits,
    selected,
    freeCapacity: cashTicks,
    epsilon: problem.epsilon,
    tolerance: problem.tolerance,
  });
  let left = cashTicks;
  for (let k = 0; k < item.length; k += 1) {
    if (result.selected[k] === selected[k]) continue;
    const i = item[k]!;
    const delta = selected[k] ? -count[k]! : count[k]!;
    units[i] = units[i]! + delta;
    left -= delta * problem.unitTicks[i]!;
  }
  return left;
};

/**
 * Round down (or start from `start`, which it mutates), then alternate the knapsack step and swap repair until neither improves (at most three rounds),
 * then invest the remainder in units that leave RR unchanged.
 */
export const allocateUnits = (
  problem: AllocationProblem,
  start: UnitAllocation = roundDown(problem),
): UnitAllocation => {
  const { units, cashTicks } = start;
  let cash = cashTicks;
  for (let round = 0; round < 3; round += 1) {
    cash = knapsackStep(problem, units, cash);
    const repaired = swapRepair(problem, units, cash);
    cash = repaired.cashTicks;
    if (!repaired.changed) break;
  }
  cash = investRemainder(problem, units, cash);
  return { units, cashTicks: cash };
};
