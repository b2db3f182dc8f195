import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdingsArbitrary } from '../testing/replication-arbitraries';
import { measureReplication } from './current-replication';
import { selectUniverse } from './universe';
import { measuredUniverse } from './universe-cache';

describe('measuredUniverse', () => {
  it('property: whatever was asked of the same list before, it equals a fresh selectUniverse', () => {
    fc.assert(
      fc.property(
        holdingsArbitrary({ allPriced: true, maxLength: 10 }),
        fc.array(
          fc.record({
            topN: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
            excludeFirst: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (holdings, asks) => {
          for (const { topN, excludeFirst } of asks) {
            const exclusions = excludeFirst ? { symbols: [holdings[0]?.symbol ?? ''] } : {};
            let fresh: ReturnType<typeof selectUniverse> | undefined;
            try {
              fresh = selectUniverse(holdings, topN, exclusions);
            } catch (error) {
              expect(() => measuredUniverse(holdings, topN, exclusions)).toThrow(error as Error);
              continue;
            }
            const { universe, weights } = measuredUniverse(holdings, topN, exclusions);
            expect(universe).toEqual(fresh);
            expect([...weights]).toEqual(fresh.items.map((item) => [item.symbol, item.weightValue]));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps one universe per list, top N and exclusions', () => {
    const holdings = [
      { symbol: 'AAA', weightPercentage: '60', price: '10' },
      { symbol: 'BBB', weightPercentage: '40', price: '20' },
    ];
    const top1 = measuredUniverse(holdings, 1);
    expect(measuredUniverse(holdings, 1)).toBe(top1);
    expect(measuredUniverse(holdings, 2)).not.toBe(top1);
    expect(measuredUniverse(holdings, 1, { symbols: ['AAA'] }).universe.items.map((i) => i.symbol)).toEqual([
      'BBB',
    ]);
    // An equal list that is another array is read on its own (the key is the array, never its contents).
    expect(measuredUniverse([...holdings], 1)).not.toBe(top1);
  });

  it('throws on every call for a list that cannot be replicated, keeping nothing', () => {
    const unpriced = [{ symbol: 'AAA', weightPercentage: '60', price: null }];
    expect(() => measuredUniverse(unpriced, 1)).toThrow('None of the selected holdings');
    expect(() => measuredUniverse(unpriced, 1)).toThrow('None of the selected holdings');
  });

  it('worked example: rates of one list measured at top 1 and top 2 in turn', () => {
    // AAA 60 %, BBB 40 %; amount A = $1,000; invested AAA $300, BBB $500 (Σ $800 < A, so D = $1,000).
    // Top 2: Σw = 100. AAA's target 60 × 1000 / 100 = $600 → min(300, 600) = 300; BBB's 400 → min(500, 400) = 400.
    //   RR = 100 × (300 + 400) / 1000 = 70 %.
    // Top 1: Σw = 60, only AAA has a target: 60 × 1000 / 60 = $1,000 → min(300, 1000) = 300; BBB fills none.
    //   RR = 100 × 300 / 1000 = 30 %.
    // ETF RR (whole fund either way): AAA min(300, 600) + BBB min(500, 400) = 700 → 70 %.
    const holdings = [
      { symbol: 'AAA', weightPercentage: '60', price: '10' },
      { symbol: 'BBB', weightPercentage: '40', price: '20' },
    ];
    const invested = [
      { symbol: 'AAA', amountInvested: '300.00' },
      { symbol: 'BBB', amountInvested: '500.00' },
    ];
    for (let round = 0; round < 2; round++) {
      expect(measureReplication(holdings, '1000', invested, { numberOfWeightings: 2 })).toEqual({
        replicationRate: '70',
        etfReplicationRate: '70',
        etfCoverage: '100',
      });
      expect(measureReplication(holdings, '1000', invested, { numberOfWeightings: 1 })).toEqual({
        replicationRate: '30',
        etfReplicationRate: '70',
        etfCoverage: '60',
      });
    }
  });
});
