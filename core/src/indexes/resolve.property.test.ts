import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustmentOrders } from '../replication/adjustment-orders';
import { replicate } from '../replication/replicate';
import type { HoldingInput } from '../replication/types';
import { D, dec, sumDecimals, ZERO } from '../shared/decimal';
import { amountArbitrary, holdingsArbitrary, incrementArbitrary } from '../testing/replication-arbitraries';
import { checkIndexDefinition, type IndexDefinition } from './definition';
import { type IndexMarket, resolveIndex } from './resolve';

const RUNS = { numRuns: 100 };
const topNArbitrary = fc.option(fc.integer({ min: 1, max: 12 }), { nil: null });

const marketOf = (
  etfs: Record<string, readonly HoldingInput[]>,
  extra: Partial<IndexMarket> = {},
): IndexMarket => ({
  etfs: new Map(Object.entries(etfs)),
  prices: new Map(),
  knownSymbols: new Set(),
  classification: new Map(),
  ...extra,
});

/** n positive parts of `total` units that add up to it exactly (distinct cut points of [0, total]). */
const partsOf = (n: number, total: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: total - 1 }), { minLength: n - 1, maxLength: n - 1 })
    .map((cuts) => {
      const points = [0, ...cuts.sort((a, b) => a - b), total];
      return points.slice(1).map((point, i) => point - points[i]!);
    });

const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOG', 'META', 'TSLA', 'AVGO', 'JPM', 'XOM', 'MO', 'LMT'];

/** An ETF of 1–8 distinct stocks from a shared pool (so ETFs overlap), weights in thousandths adding up to 100. */
const etfArbitrary = fc
  .subarray(SYMBOLS, { minLength: 1, maxLength: 8 })
  .chain((symbols) =>
    fc.tuple(
      fc.constant(symbols),
      symbols.length === 1 ? fc.constant([100_000]) : partsOf(symbols.length, 100_000),
      fc.array(fc.integer({ min: 50, max: 300_000 }), {
        minLength: symbols.length,
        maxLength: symbols.length,
      }),
    ),
  )
  .map(([symbols, weights, cents]) =>
    symbols.map((symbol, i) => ({
      symbol,
      weightPercentage: new D(weights[i]!).div(1000).toFixed(),
      price: new D(cents[i]!).div(100).toFixed(2),
    })),
  );

describe('index definitions (properties)', () => {
  it('a blend of one ETF at 100 % is that ETF exactly: same target, same orders, same rates', () => {
    fc.assert(
      fc.property(
        holdingsArbitrary(),
        amountArbitrary,
        incrementArbitrary,
        topNArbitrary,
        (holdings, a, q, n) => {
          const blend: IndexDefinition = { type: 'blend', parts: [{ symbol: 'ETF', weight: '100' }] };
          const resolved = resolveIndex(blend, marketOf({ ETF: holdings }));
          const options = { shareIncrement: q, numberOfWeightings: n };
          const viaBlend = replicate(resolved.holdings, a, options);
          const viaEtf = replicate(holdings, a, options);
          expect(viaBlend).toEqual(viaEtf);
          expect(adjustmentOrders({}, viaBlend.investments)).toEqual(
            adjustmentOrders({}, viaEtf.investments),
          );
        },
      ),
      RUNS,
    );
  });

  it("blend weights add up to 100 % and each stock's weight is the sum of its parts", () => {
    const caseArbitrary = fc.integer({ min: 2, max: 4 }).chain((count) =>
      fc.record({
        etfs: fc.array(etfArbitrary, { minLength: count, maxLength: count }),
        // Part weights in ten-thousandths of a percent: 4 decimals, adding up to 100 exactly.
        parts: partsOf(count, 1_000_000),
      }),
    );
    fc.assert(
      fc.property(caseArbitrary, ({ etfs, parts }) => {
        const names = etfs.map((_, i) => `ETF${i}`);
        const definition = checkIndexDefinition({
          type: 'blend',
          parts: names.map((symbol, i) => ({ symbol, weight: new D(parts[i]!).div(10_000).toFixed() })),
        });
        const resolved = resolveIndex(
          definition,
          marketOf(Object.fromEntries(names.map((n, i) => [n, etfs[i]!]))),
        );
        expect(sumDecimals(resolved.holdings.map((h) => dec(h.weightPercentage))).eq(100)).toBe(true);
        const symbols = new Set(etfs.flat().map((holding) => holding.symbol));
        expect(resolved.holdings.map((h) => h.symbol).sort()).toEqual([...symbols].sort());
        for (const holding of resolved.holdings) {
          let expected = ZERO;
          etfs.forEach((etf, i) => {
            const own = etf.find((h) => h.symbol === holding.symbol);
            if (own) expected = expected.add(dec(own.weightPercentage).mul(parts[i]!).div(1_000_000));
          });
          expect(dec(holding.weightPercentage).eq(expected)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("a custom list equal to an ETF's holdings and weights gives that ETF's result", () => {
    fc.assert(
      fc.property(etfArbitrary, amountArbitrary, incrementArbitrary, topNArbitrary, (holdings, a, q, n) => {
        const custom = checkIndexDefinition({
          type: 'custom',
          holdings: holdings.map(({ symbol, weightPercentage }) => ({ symbol, weight: weightPercentage })),
        });
        const prices = new Map(holdings.map((h) => [h.symbol, h.price]));
        const resolved = resolveIndex(custom, marketOf({}, { prices }));
        expect(resolved.unpriced).toEqual([]);
        const options = { shareIncrement: q, numberOfWeightings: n };
        expect(replicate(resolved.holdings, a, options)).toEqual(replicate(holdings, a, options));
      }),
      RUNS,
    );
  });

  it('an excluded industry never appears in the target or in a BUY order', () => {
    const INDUSTRIES = ['Tobacco', 'Aerospace & Defense', 'Semiconductors'];
    const caseArbitrary = holdingsArbitrary()
      .chain((holdings) =>
        fc.record({
          holdings: fc
            .array(fc.option(fc.constantFrom(...INDUSTRIES), { nil: null }), {
              minLength: holdings.length,
              maxLength: holdings.length,
            })
            .map((industries) => holdings.map((h, i) => ({ ...h, industry: industries[i] ?? null }))),
          excluded: fc.subarray(INDUSTRIES, { minLength: 1 }),
          held: fc.array(fc.integer({ min: 0, max: 40 }), {
            minLength: holdings.length,
            maxLength: holdings.length,
          }),
        }),
      )
      .filter(({ holdings, excluded }) =>
        holdings.some(
          (h) => h.price !== null && dec(h.weightPercentage).gt(0) && !excluded.includes(h.industry ?? ''),
        ),
      );
    fc.assert(
      fc.property(caseArbitrary, amountArbitrary, incrementArbitrary, (c, a, q) => {
        const target = replicate(c.holdings, a, {
          shareIncrement: q,
          exclusions: { industries: c.excluded },
        });
        const banned = new Set(
          c.holdings.filter((h) => c.excluded.includes(h.industry ?? '')).map((h) => h.symbol),
        );
        for (const line of target.investments) expect(banned.has(line.symbol)).toBe(false);
        const current = Object.fromEntries(c.holdings.map((h, i) => [h.symbol, String(c.held[i])]));
        for (const order of adjustmentOrders(current, target.investments)) {
          if (order.orderType === 'BUY') expect(banned.has(order.symbol)).toBe(false);
        }
      }),
      RUNS,
    );
  });
});
