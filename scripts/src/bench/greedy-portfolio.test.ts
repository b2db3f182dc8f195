import { describe, expect, it } from 'vitest';
import type { BenchItem } from './bench-universe';
import { greedyPortfolio } from './greedy-portfolio';

const item = (symbol: string, weight: number, unitPrice: number): BenchItem => ({
  symbol,
  weight,
  unitPrice,
  price: String(unitPrice),
});

describe('greedyPortfolio (PyPortfolioOpt re-implementation)', () => {
  it('rounds down, then buys one share at a time of the largest deficit against the invested total', () => {
    // Round 1: A 5 ($500), B 2 ($300), C 0. Invested-relative weights 62.5 % / 37.5 % / 0 %: C has the largest
    // deficit (20 %) and costs $50 ≤ $200 left, and so on until no deficit is positive.
    const allocation = greedyPortfolio([item('A', 0.5, 100), item('B', 0.3, 150), item('C', 0.2, 50)], 1000);
    expect(Object.fromEntries(allocation)).toEqual({ A: 5, B: 2, C: 4 });
  });

  it('stops with cash left when the largest deficit is unaffordable and ten tries find nothing else', () => {
    // The documented failure: one dear under-target share makes every other holding look overweight.
    const items = [
      item('DEAR', 0.3, 1600),
      ...Array.from({ length: 12 }, (_, i) => item(`S${i}`, 0.7 / 12, 10)),
    ];
    const allocation = greedyPortfolio(items, 5000);
    expect(allocation.has('DEAR')).toBe(false);
    const spent = [...allocation].reduce(
      (sum, [symbol, units]) => sum + units * (symbol === 'DEAR' ? 1600 : 10),
      0,
    );
    expect(5000 - spent).toBeGreaterThan(1000);
  });

  it('buys the first holding when round 1 buys nothing (numpy NaN deficits)', () => {
    expect(Object.fromEntries(greedyPortfolio([item('A', 0.6, 80), item('B', 0.4, 90)], 100))).toEqual({
      A: 1,
    });
  });
});
