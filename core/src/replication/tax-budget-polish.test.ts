import { describe, expect, it } from 'vitest';
import { polishSelection } from './tax-budget-polish';

type Candidate = { readonly sold: readonly number[]; readonly filled: number };

/**
 * A toy measure with a single best point: filled = 100 − (s0 − 3)² − (s1 − 1)², each symbol sold 0–5 steps.
 * From (0, 0) the first-improvement search walks s0 up one step at a time and s1 up once: (3, 1), filled 100.
 */
const measure = (sold: readonly number[]): Candidate => ({
  sold,
  filled: 100 - (sold[0]! - 3) ** 2 - (sold[1]! - 1) ** 2,
});
const neighbourOf = (sold: readonly number[], s: number, delta: number): number[] | null => {
  const next = sold.slice();
  next[s] = next[s]! + delta;
  return next[s]! < 0 || next[s]! > 5 ? null : next;
};

describe('polishSelection', () => {
  it('climbs one step at a time to the best neighbour-free point', () => {
    const best = polishSelection(measure([0, 0]), 2, neighbourOf, measure, 100, 1e-9);
    expect(best.sold).toEqual([3, 1]);
    expect(best.filled).toBe(100);
  });

  it('measures no more neighbours than its limit and never returns a worse answer', () => {
    let measured = 0;
    const counted = (sold: readonly number[]) => {
      measured += 1;
      return measure(sold);
    };
    const start = measure([0, 0]);
    const best = polishSelection(start, 2, neighbourOf, counted, 2, 1e-9);
    expect(measured).toBe(2);
    expect(best.filled).toBeGreaterThanOrEqual(start.filled);
  });

  it('with a limit of 0 returns the start unchanged', () => {
    const start = measure([5, 5]);
    expect(polishSelection(start, 2, neighbourOf, measure, 0, 1e-9)).toBe(start);
  });
});
