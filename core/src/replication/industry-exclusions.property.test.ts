import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDUSTRY_SCREENS, screenIndustries } from '../indexes/screens';
import { dec } from '../shared/decimal';
import { amountArbitrary, holdingsArbitrary, incrementArbitrary } from '../testing/replication-arbitraries';
import { adjustmentOrders } from './adjustment-orders';
import { replicate } from './replicate';

const RUNS = { numRuns: 150 };
/** Screened industries and others; null: a holding the bundled data does not classify (never screened). */
const INDUSTRIES = [
  'Tobacco',
  'Casinos & Gaming',
  'Integrated Oil & Gas',
  'Pharmaceuticals',
  'Systems Software',
];

/**
 * Holdings with an industry each (sometimes none), some of them held (0–5 shares), and a choice of screens and
 * industries to exclude in a mode.
 */
const caseArbitrary = holdingsArbitrary().chain((holdings) =>
  fc.record({
    holdings: fc
      .array(fc.option(fc.constantFrom(...INDUSTRIES), { nil: null }), {
        minLength: holdings.length,
        maxLength: holdings.length,
      })
      .map((industries) => holdings.map((holding, i) => ({ ...holding, industry: industries[i] ?? null }))),
    held: fc.array(fc.integer({ min: 0, max: 5 }), {
      minLength: holdings.length,
      maxLength: holdings.length,
    }),
    screens: fc.subarray(INDUSTRY_SCREENS.map((screen) => screen.id)),
    industries: fc.subarray(INDUSTRIES),
    mode: fc.constantFrom('sell' as const, 'keep' as const),
  }),
);

describe('replicate with industry exclusions (issue 30, properties)', () => {
  it('an excluded industry never appears in the target or in a BUY order (kept shares stay exactly as held)', () => {
    fc.assert(
      fc.property(caseArbitrary, amountArbitrary, incrementArbitrary, (c, amount, q) => {
        const excluded = new Set([...screenIndustries(c.screens), ...c.industries]);
        const isExcluded = (symbol: string) => {
          const industry = c.holdings.find((holding) => holding.symbol === symbol)?.industry;
          return industry != null && excluded.has(industry);
        };
        const current = Object.fromEntries(
          c.holdings.map((holding, i) => [holding.symbol, String(c.held[i])]),
        );
        // "keep": held shares of an excluded holding stay, at their price (or 1.00 when the snapshot has none).
        const kept =
          c.mode === 'keep'
            ? Object.fromEntries(
                c.holdings
                  .filter((holding, i) => isExcluded(holding.symbol) && c.held[i]! > 0)
                  .map((holding) => [
                    holding.symbol,
                    { shares: current[holding.symbol]!, price: (holding.price as string | null) ?? '1.00' },
                  ]),
              )
            : {};
        const keptValue = Object.values(kept).reduce(
          (sum, line) => sum.add(dec(line.price).mul(line.shares)),
          dec('0'),
        );
        fc.pre(keptValue.lt(dec(amount)));
        // The command refuses exclusions that leave nothing to buy (EXCLUDES_EVERYTHING).
        const buyable = c.holdings.filter(
          (holding) =>
            !isExcluded(holding.symbol) && holding.price !== null && dec(holding.weightPercentage).gt(0),
        );
        fc.pre(buyable.length > 0);
        const target = replicate(c.holdings, amount, {
          shareIncrement: q,
          exclusions: { industries: [...excluded], kept },
        });
        for (const line of target.investments.filter((investment) => isExcluded(investment.symbol))) {
          expect(c.mode).toBe('keep');
          expect(dec(line.numberOfShares).eq(dec(current[line.symbol]!))).toBe(true);
        }
        const buys = adjustmentOrders(current, target.investments).filter(
          (order) => order.orderType === 'BUY',
        );
        expect(buys.filter((order) => isExcluded(order.symbol))).toEqual([]);
      }),
      RUNS,
    );
  });
});
