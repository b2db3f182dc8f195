import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, dec, sumDecimals } from '../shared/decimal';
import { amountArbitrary, holdingsArbitrary, referenceRate } from '../testing/replication-arbitraries';
import { measureReplication } from './current-replication';
import type { HoldingInput } from './types';

const RUNS = { numRuns: 200 };
const topNArbitrary = fc.option(fc.integer({ min: 1, max: 12 }), { nil: null });

/** Any portfolio over some of the holdings (and sometimes a symbol outside the ETF), $0.01–$200,000 a line. */
const portfolioArbitrary = (holdings: readonly HoldingInput[]) =>
  fc
    .uniqueArray(
      fc.record({
        symbol: fc.constantFrom(...holdings.map((holding) => holding.symbol), 'OUTSIDE'),
        cents: fc.integer({ min: 1, max: 20_000_000 }),
      }),
      { selector: (line) => line.symbol, maxLength: holdings.length + 1 },
    )
    .map((lines) =>
      lines.map((line) => ({ symbol: line.symbol, amountInvested: new D(line.cents).div(100).toFixed(2) })),
    );

const caseArbitrary = holdingsArbitrary().chain((holdings) =>
  fc.record({
    holdings: fc.constant(holdings),
    investments: portfolioArbitrary(holdings),
    amount: amountArbitrary,
    topN: topNArbitrary,
  }),
);

const rateOf = (
  holdings: readonly HoldingInput[],
  amount: string,
  investments: readonly { symbol: string; amountInvested: string }[],
  topN: number | null,
) => dec(measureReplication(holdings, amount, investments, { numberOfWeightings: topN }).replicationRate);

const investedTotal = (investments: readonly { amountInvested: string }[]) =>
  sumDecimals(investments.map((line) => dec(line.amountInvested)));

describe('replication rate with D = max(A, Σ invested) (properties)', () => {
  it('equals 100 × Σ min(invested_i / D, t_i) and stays within [0, 100] for any portfolio and target', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ holdings, investments, amount, topN }) => {
        const rate = rateOf(holdings, amount, investments, topN);
        expect(rate.gte(0) && rate.lte(100)).toBe(true);
        const reference = referenceRate(holdings, amount, investments, topN);
        expect(rate.sub(reference).abs().lte('0.0000005')).toBe(true);
      }),
      RUNS,
    );
  });

  it('never rises when the target is lowered below what is invested: it stays at the holdings’ own rate', () => {
    fc.assert(
      fc.property(
        caseArbitrary,
        fc.integer({ min: 1, max: 100 }),
        ({ holdings, investments, topN }, percent) => {
          const invested = investedTotal(investments);
          fc.pre(invested.gte('0.02'));
          const atInvested = rateOf(holdings, invested.toFixed(2), investments, topN);
          // Any target from 1 % to 100 % of the money invested: over-invested (or exactly invested).
          const lowered = invested.mul(percent).div(100).toDecimalPlaces(2, D.ROUND_DOWN);
          fc.pre(lowered.gt(0));
          expect(rateOf(holdings, lowered.toFixed(2), investments, topN).eq(atInvested)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('is never above the holdings’ own rate: cash or over-investment can only lower it', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ holdings, investments, amount, topN }) => {
        const invested = investedTotal(investments);
        fc.pre(invested.gt(0));
        const own = rateOf(holdings, invested.toFixed(2), investments, topN);
        expect(rateOf(holdings, amount, investments, topN).lte(own)).toBe(true);
      }),
      RUNS,
    );
  });

  it('scores 0 for a zero target, whatever is held', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ holdings, investments, topN }) => {
        expect(rateOf(holdings, '0', investments, topN).isZero()).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('replication rate: the over-investment example of issue 15', () => {
  // Universe A 60 %, B 40 %; $600 + $400 held is a perfect copy.
  const holdings = [
    { symbol: 'A', weightPercentage: '30', price: '10' },
    { symbol: 'B', weightPercentage: '20', price: '10' },
  ];
  const held = [
    { symbol: 'A', amountInvested: '700' },
    { symbol: 'B', amountInvested: '300' },
  ];

  it('keeps the rate of $1,000 held when the target is lowered to $800 (it used to rise to 97.5 %)', () => {
    expect(measureReplication(holdings, '1000', held).replicationRate).toBe('90');
    expect(measureReplication(holdings, '800', held).replicationRate).toBe('90');
    expect(measureReplication(holdings, '2000', held).replicationRate).toBe('50');
  });
});
