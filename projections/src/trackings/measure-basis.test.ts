import { dec, numberOfWeightingsCap } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { type MeasuredTracking, measureBasis } from './measure-basis';

const tracking = (overrides: Partial<MeasuredTracking>): MeasuredTracking => ({
  positions: new Map(),
  cash: dec('0'),
  targetAmount: dec('1000'),
  autoTracking: false,
  numberOfWeightings: 2,
  exclusions: { symbols: [], sectors: [] },
  substitutions: [],
  lastPrices: new Map(),
  ...overrides,
});

const options = { today: '2026-11-29', capOf: (weights: readonly unknown[]) => weights.length };

describe('measureBasis', () => {
  // AAA 60 % at $10, BBB 40 % at $20, CCC 0 % unpriced in the snapshot.
  const snapshot = [
    { symbol: 'AAA', weightPercentage: '60', price: '10' },
    { symbol: 'CCC', weightPercentage: '0', price: null },
    { symbol: 'BBB', weightPercentage: '40', price: '20' },
  ];

  it('worked example: two trackings measured in turn against one snapshot list each get their own prices', () => {
    // First: 30 AAA at the snapshot's $10, 5 CCC at its last recorded $7, cash $100.
    //   Market value 30 × 10 + 5 × 7 + 100 = 300 + 35 + 100 = $435.
    const first = measureBasis(
      tracking({
        positions: new Map([
          ['AAA', dec('30')],
          ['CCC', dec('5')],
        ]),
        cash: dec('100'),
        lastPrices: new Map([
          ['AAA', '99'],
          ['CCC', '7'],
        ]),
      }),
      snapshot,
      options,
    );
    expect(first.marketValue.toFixed()).toBe('435');
    expect(first.prices.get('AAA')).toBe('10');
    // Second, same list: 2 BBB at $20 and $1 cash = $41; the first one's CCC price is not carried over.
    const second = measureBasis(
      tracking({ positions: new Map([['BBB', dec('2')]]), cash: dec('1') }),
      snapshot,
      options,
    );
    expect(second.marketValue.toFixed()).toBe('41');
    expect(second.prices.has('CCC')).toBe(false);
    expect([...second.prices.keys()].sort()).toEqual(['AAA', 'BBB']);
  });

  it('hands the plan its cap the weights largest first, on every call', () => {
    // A Free plan caps at min(5, 3 holdings) = 3; whatever the order of the list, the weights read 60, 40, 0.
    const seen: string[][] = [];
    const capOf = (weights: readonly ReturnType<typeof dec>[]) => {
      seen.push(weights.map((weight) => weight.toFixed()));
      return numberOfWeightingsCap(null, weights);
    };
    for (let round = 0; round < 2; round++)
      expect(measureBasis(tracking({}), snapshot, { ...options, capOf }).cap).toBe(3);
    expect(seen).toEqual([
      ['60', '40', '0'],
      ['60', '40', '0'],
    ]);
  });
});
