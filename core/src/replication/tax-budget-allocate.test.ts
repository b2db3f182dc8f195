import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, type Decimal, dec, ZERO } from '../shared/decimal';
import { allocateAround, allocatorFor } from './tax-budget-allocate';
import { selectUniverse } from './universe';

/** An index of 2–8 stocks, some held, a few of them partly sold; prices and shares whole. */
const caseArbitrary = fc.record({
  index: fc.array(
    fc.record({
      weight: fc.integer({ min: 1, max: 50 }),
      price: fc.integer({ min: 5, max: 400 }),
      held: fc.integer({ min: 0, max: 60 }),
      sold: fc.integer({ min: 0, max: 60 }),
    }),
    { minLength: 2, maxLength: 8 },
  ),
  cash: fc.integer({ min: 0, max: 5000 }),
  outside: fc.integer({ min: 0, max: 3000 }),
});

describe('allocatorFor', () => {
  it('gives, from the shares held before the SELLs, the same BUYs as a problem built from what they leave', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ index, cash, outside }) => {
        const holdings = index.map((stock, i) => ({
          symbol: `S${i}`,
          weightPercentage: String(stock.weight),
          price: String(stock.price),
        }));
        const universe = selectUniverse(holdings, null, undefined);
        const held = new Map<string, Decimal>();
        const remaining = new Map<string, Decimal>();
        const frozen = new Set<string>();
        let value = dec(String(outside));
        let proceeds = ZERO;
        index.forEach((stock, i) => {
          if (stock.held === 0) return;
          const symbol = `S${i}`;
          const sold = Math.min(stock.sold, stock.held);
          held.set(symbol, new D(stock.held));
          remaining.set(symbol, new D(stock.held - sold));
          if (sold > 0) frozen.add(symbol);
          value = value.add(String(stock.held * stock.price));
          proceeds = proceeds.add(String(sold * stock.price));
        });
        // A = what is held (inside and outside) plus the cash, as the tracking's engine budget.
        const allocated = value.add(String(cash));
        const sells = {
          remaining,
          frozen,
          outsideValue: dec(String(outside)),
          spendable: dec(String(cash)).add(proceeds),
        };
        const once = allocatorFor(universe, allocated, new D(1), held)(sells);
        const each = allocateAround({ universe, allocated, unitShares: new D(1), ...sells });
        expect([...once].map(([symbol, shares]) => [symbol, shares.toFixed()])).toEqual(
          [...each].map(([symbol, shares]) => [symbol, shares.toFixed()]),
        );
      }),
      { numRuns: 300, seed: 31_102 },
    );
  });
});
