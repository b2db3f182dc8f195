import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackingOverlaps } from './overlap';
import { trackingInput } from './portfolio-fixtures';

const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA'] as const;
const PRICES = { AAPL: '190', MSFT: '410', NVDA: '120', AMZN: '180', GOOGL: '170', META: '560', TSLA: '250' };
const targetArb = fc.dictionary(fc.constantFrom(...SYMBOLS), fc.integer({ min: 1, max: 40 }), { minKeys: 1 });

describe('Overlap of two trackings', () => {
  it('is symmetric and between 0 and 100', () => {
    fc.assert(
      fc.property(targetArb, targetArb, (x, y) => {
        const a = trackingInput('a', { target: x, prices: PRICES });
        const b = trackingInput('b', { target: y, prices: PRICES });
        const [ab] = trackingOverlaps([a, b]);
        const [ba] = trackingOverlaps([b, a]);
        expect(ab?.overlap).toBe(ba?.overlap);
        expect(ab?.topShared).toEqual(ba?.topShared);
        expect(Number(ab?.overlap)).toBeGreaterThanOrEqual(0);
        expect(Number(ab?.overlap)).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('is 100 for identical targets, even of different sizes', () => {
    fc.assert(
      fc.property(targetArb, fc.integer({ min: 2, max: 5 }), (x, times) => {
        const scaled = Object.fromEntries(Object.entries(x).map(([symbol, n]) => [symbol, n * times]));
        const [pair] = trackingOverlaps([
          trackingInput('a', { target: x, prices: PRICES }),
          trackingInput('b', { target: scaled, prices: PRICES }),
        ]);
        expect(pair?.overlap).toBe('100');
      }),
    );
  });

  it('is 0 for disjoint targets', () => {
    fc.assert(
      fc.property(targetArb, (x) => {
        const symbols = Object.keys(x);
        const rest = SYMBOLS.filter((symbol) => !symbols.includes(symbol));
        fc.pre(rest.length > 0);
        const [pair] = trackingOverlaps([
          trackingInput('a', { target: x, prices: PRICES }),
          trackingInput('b', {
            target: Object.fromEntries(rest.map((symbol) => [symbol, 1])),
            prices: PRICES,
          }),
        ]);
        expect(pair?.overlap).toBe('0');
        expect(pair?.topShared).toEqual([]);
      }),
    );
  });

  it('worked example: VOO-like and QQQ-like targets', () => {
    // a: AAPL 6×100 = 600, MSFT 2×200 = 400 → weights AAPL 60 %, MSFT 40 %.
    // b: AAPL 2×100 = 200, NVDA 8×100 = 800 → weights AAPL 20 %, NVDA 80 %.
    // Shared: AAPL min(60, 20) = 20; MSFT and NVDA are held by one only → overlap 20.
    const prices = { AAPL: '100', MSFT: '200', NVDA: '100' };
    const [pair] = trackingOverlaps([
      trackingInput('a', { target: { AAPL: 6, MSFT: 2 }, prices }),
      trackingInput('b', { target: { AAPL: 2, NVDA: 8 }, prices }),
    ]);
    expect(pair).toEqual({ a: 'a', b: 'b', overlap: '20', topShared: [{ symbol: 'AAPL', weight: '20' }] });
  });

  it('lists every pair once and at most five shared stocks', () => {
    const all = Object.fromEntries(SYMBOLS.map((symbol) => [symbol, 1]));
    const pairs = trackingOverlaps(
      ['a', 'b', 'c'].map((id) => trackingInput(id, { target: all, prices: PRICES })),
    );
    expect(pairs.map((pair) => `${pair.a}-${pair.b}`)).toEqual(['a-b', 'a-c', 'b-c']);
    expect(pairs.every((pair) => pair.topShared.length === 5)).toBe(true);
  });
});
