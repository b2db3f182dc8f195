import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, dec, ZERO } from '../shared/decimal';
import { buildSaleModel, capacityOf, neighbour, selectSales } from './tax-budget-select';
import { prefixOf, type StepRun, stepCount } from './tax-budget-steps';

const run = (count: number, gain: string, value: number, above: number): StepRun => ({
  count,
  shares: new D(1),
  gain: dec(gain),
  value,
  above,
});

/** Exact gain of the chosen prefixes. */
const gainOf = (stocks: readonly (readonly StepRun[])[], sold: readonly number[]) =>
  stocks.reduce((sum, runs, s) => sum.add(prefixOf(runs, sold[s]!).gain), ZERO);

/** Runs of one held symbol: gains to 4 decimals, some losses, the first steps above target. */
const stockArbitrary = fc
  .array(
    fc.record({
      count: fc.integer({ min: 1, max: 6 }),
      gainCents: fc.integer({ min: -50_000, max: 80_000 }),
      price: fc.integer({ min: 5, max: 900 }),
      above: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((runs) =>
    runs.map((r) => run(r.count, new D(r.gainCents).div(10_000).toFixed(), r.price, r.above * r.price)),
  );

const problemArbitrary = fc.record({
  stocks: fc.array(stockArbitrary, { minLength: 1, maxLength: 8 }),
  allowance: fc.integer({ min: 0, max: 2_000_000 }).map((cents) => new D(cents).div(10_000)),
  below: fc.constantFrom(0.25, 0.5),
  harvestRoom: fc.constantFrom(0, 500, Number.POSITIVE_INFINITY),
});

describe('selectSales', () => {
  it('never realises more than the allowance, in exact decimals, and sells within each symbol', () => {
    fc.assert(
      fc.property(problemArbitrary, ({ stocks, allowance, below, harvestRoom }) => {
        const model = buildSaleModel(
          stocks,
          stocks.map(() => 100),
        );
        const capacity = capacityOf(model, allowance);
        const sold = selectSales(model, capacity, { below, harvestRoom }, 1e-6);
        sold.forEach((steps, s) => {
          expect(steps).toBeGreaterThanOrEqual(0);
          expect(steps).toBeLessThanOrEqual(stepCount(stocks[s]!));
        });
        expect(gainOf(stocks, sold).lte(allowance)).toBe(true);
        // Every neighbour the local search measures fits too, with the moved symbol moved as asked.
        for (let s = 0; s < stocks.length; s += 1) {
          for (const delta of [1, -1]) {
            const next = neighbour(model, sold, s, delta, capacity, below);
            if (!next) continue;
            expect(next[s]).toBe(sold[s]! + delta);
            expect(gainOf(stocks, next).lte(allowance)).toBe(true);
          }
        }
      }),
      { numRuns: 400, seed: 31_101 },
    );
  });

  /**
   * Two symbols, allowance $100:
   * - A: 3 steps above target, each worth $50 (all of it above target) and realising $40.01;
   * - B: under its target by $10 (its room), 1 step at a loss of $25, worth $40 of cash: a harvest (all below).
   * Without room for harvests: the knapsack over $100 takes two A steps ($80.02); a third would make $120.03. → A 2.
   * With $50 of room: B's harvest costs its $40 of cash plus the $10 of room it kills, so it fits; its loss lifts
   * the capacity to $125, the third A step fits ($120.03 − $25 = $95.03 ≤ $100), and B is still needed (giving it
   * back would make $120.03). → A 3, B 1.
   * With $45 of room it does not fit ($50 > $45). → A 2, B 0.
   */
  it('picks by worth per dollar of gain and harvests only within the room allowed (worked example)', () => {
    const stocks = [[run(3, '40.01', 50, 50)], [run(1, '-25', 40, 0)]];
    const model = buildSaleModel(stocks, [0, 10]);
    const capacity = capacityOf(model, dec('100'));
    expect(selectSales(model, capacity, { below: 0.5, harvestRoom: 0 }, 1e-6)).toEqual([2, 0]);
    expect(selectSales(model, capacity, { below: 0.5, harvestRoom: 50 }, 1e-6)).toEqual([3, 1]);
    expect(selectSales(model, capacity, { below: 0.5, harvestRoom: 45 }, 1e-6)).toEqual([2, 0]);
  });

  it('rounds each step up to whole ticks, so a capacity in ticks never lets through more than the allowance', () => {
    // One step realising $0.0000004 (below a tick of 10^-6 once rounded up it costs one tick) and an allowance of 0.
    const stocks = [[run(1, '0.0000004', 10, 10)]];
    const model = buildSaleModel(stocks, [0]);
    expect(capacityOf(model, ZERO)).toBe(0);
    expect(selectSales(model, 0, { below: 0.5, harvestRoom: 0 }, 1e-6)).toEqual([0]);
    // No limit: every gain fits.
    expect(selectSales(model, capacityOf(model, null), { below: 0.5, harvestRoom: 0 }, 1e-6)).toEqual([1]);
  });
});
