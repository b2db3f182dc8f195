import { type AllocationProblem, addGain, removeLoss } from './allocation-problem';

/**
 * Swap repair: repeatedly applies the best single move while it strictly raises the filled target —
 * buy one affordable unit, or sell one bought unit of j and buy one unit of k ≠ j with the freed cash.
 * Each pass costs O(n log n): candidate buys sorted by cost with a running best, searched per sale.
 * Mutates `units`; returns the cash left (ticks) and whether anything changed.
 */
export const swapRepair = (
  problem: AllocationProblem,
  units: Float64Array,
  cashTicks: number,
): { cashTicks: number; changed: boolean } => {
  const { size, unitTicks, epsilon } = problem;
  let cash = cashTicks;
  let changed = false;
  for (let moves = 0; moves < 10 * size + 100; moves += 1) {
    const gains = new Float64Array(size);
    const buyable: number[] = [];
    for (let i = 0; i < size; i += 1) {
      gains[i] = addGain(problem, i, units[i]!);
      if (gains[i]! > epsilon) buyable.push(i);
    }
    buyable.sort((a, b) => unitTicks[a]! - unitTicks[b]! || a - b);
    // Running best and second best (different items) gain over buyable[0..k].
    const best: number[] = [];
    const second: number[] = [];
    let top = -1;
    let runnerUp = -1;
    for (const i of buyable) {
      if (top === -1 || gains[i]! > gains[top]!) {
        runnerUp = top;
        top = i;
      } else if (runnerUp === -1 || gains[i]! > gains[runnerUp]!) {
        runnerUp = i;
      }
      best.push(top);
      second.push(runnerUp);
    }
    const lastAffordable = (budget: number): number => {
      let low = 0;
      let high = buyable.length - 1;
      let found = -1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (unitTicks[buyable[middle]!]! <= budget) {
          found = middle;
          low = middle + 1;
        } else {
          high = middle - 1;
        }
      }
      return found;
    };

    let moveGain = epsilon;
    let sell = -1;
    let buy = -1;
    const plainBuy = lastAffordable(cash);
    if (plainBuy >= 0 && gains[best[plainBuy]!]! > moveGain) {
      moveGain = gains[best[plainBuy]!]!;
      buy = best[plainBuy]!;
    }
    for (let j = 0; j < size; j += 1) {
      if (units[j]! <= 0) continue;
      const position = lastAffordable(cash + unitTicks[j]!);
      if (position < 0) continue;
      const k = best[position] === j ? second[position]! : best[position]!;
      if (k < 0) continue;
      const gain = gains[k]! - removeLoss(problem, j, units[j]!);
      if (gain > moveGain) {
        moveGain = gain;
        sell = j;
        buy = k;
      }
    }
    if (buy < 0) break;
    if (sell >= 0) {
      units[sell] = units[sell]! - 1;
      cash += unitTicks[sell]!;
    }
    units[buy] = units[buy]! + 1;
    cash -= unitTicks[buy]!;
    changed = true;
  }
  return { cashTicks: cash, changed };
};

/**
 * Spends what is left on units that no longer change RR (their holding is at or above target), most expensive
 * first, one unit per holding per pass: the objective's tie-break "then minimise leftover". Holdings with a zero
 * target are never bought.
 */
export const investRemainder = (
  problem: AllocationProblem,
  units: Float64Array,
  cashTicks: number,
): number => {
  const { size, unitTicks, target } = problem;
  const candidates = Array.from({ length: size }, (_, i) => i)
    .filter((i) => target[i]! > 0)
    .sort((a, b) => unitTicks[b]! - unitTicks[a]! || a - b);
  let cash = cashTicks;
  let bought = true;
  while (bought) {
    bought = false;
    for (const i of candidates) {
      if (unitTicks[i]! > cash) continue;
      units[i] = units[i]! + 1;
      cash -= unitTicks[i]!;
      bought = true;
    }
  }
  return cash;
};
