import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveKnapsack } from './knapsack';

type Instance = { weights: number[]; profits: number[]; selected: boolean[]; freeCapacity: number };

const instanceArbitrary = fc
  .array(
    fc.record({
      weight: fc.integer({ min: 1, max: 60 }),
      density: fc.integer({ min: 1, max: 100 }),
      selected: fc.boolean(),
    }),
    { minLength: 1, maxLength: 11 },
  )
  .chain((items) =>
    fc.integer({ min: 0, max: 120 }).map(
      (freeCapacity): Instance => ({
        weights: items.map((item) => item.weight),
        profits: items.map((item) => (item.weight * item.density) / 100),
        selected: items.map((item) => item.selected),
        freeCapacity,
      }),
    ),
  );

/** Every subset: the optimum of the same knapsack, for comparison. */
const bruteForce = ({ weights, profits, selected, freeCapacity }: Instance): number => {
  const capacity = freeCapacity + weights.reduce((sum, w, i) => sum + (selected[i] ? w : 0), 0);
  let best = 0;
  for (let mask = 0; mask < 1 << weights.length; mask += 1) {
    let weight = 0;
    let profit = 0;
    for (let i = 0; i < weights.length; i += 1) {
      if (mask & (1 << i)) {
        weight += weights[i]!;
        profit += profits[i]!;
      }
    }
    if (weight <= capacity && profit > best) best = profit;
  }
  return best;
};

const measure = ({ weights, profits }: Instance, chosen: boolean[]) =>
  chosen.reduce(
    (total, on, i) =>
      on ? { weight: total.weight + weights[i]!, profit: total.profit + profits[i]! } : total,
    { weight: 0, profit: 0 },
  );

describe('solveKnapsack', () => {
  it('finds the brute-force optimum and says it is exact', () => {
    fc.assert(
      fc.property(instanceArbitrary, (instance) => {
        const result = solveKnapsack({ ...instance, epsilon: 1e-9 });
        const capacity = instance.freeCapacity + measure(instance, instance.selected).weight;
        const { weight, profit } = measure(instance, result.selected);
        expect(weight).toBeLessThanOrEqual(capacity);
        expect(profit).toBeCloseTo(result.profit, 9);
        expect(result.exact).toBe(true);
        expect(profit).toBeGreaterThanOrEqual(bruteForce(instance) - 1e-9);
      }),
      { numRuns: 300 },
    );
  });

  it('stays feasible and no worse than where it started when its state limit cuts the search', () => {
    fc.assert(
      fc.property(instanceArbitrary, (instance) => {
        const result = solveKnapsack({ ...instance, epsilon: 1e-9, maxStates: 2, maxWork: 10 });
        const start = measure(instance, instance.selected);
        const { weight, profit } = measure(instance, result.selected);
        expect(weight).toBeLessThanOrEqual(instance.freeCapacity + start.weight);
        expect(profit).toBeGreaterThanOrEqual(start.profit - 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('solves a subset-sum (all densities equal) exactly when the states suffice', () => {
    const weights = [31, 29, 23, 19, 17, 13, 11, 7];
    const result = solveKnapsack({
      weights,
      profits: weights.map((w) => w / 2),
      selected: weights.map(() => false),
      freeCapacity: 50,
      epsilon: 1e-9,
    });
    expect(
      measure({ weights, profits: weights, selected: [], freeCapacity: 0 }, result.selected).weight,
    ).toBe(50);
  });
});
