import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, dec, sumDecimals } from '../shared/decimal';
import {
  amountArbitrary,
  holdingsArbitrary,
  incrementArbitrary,
  referenceRate,
  roundDownRate,
} from '../testing/replication-arbitraries';
import { replicate } from './replicate';

const RUNS = { numRuns: 150 };
const topNArbitrary = fc.option(fc.integer({ min: 1, max: 12 }), { nil: null });

describe('replicate (properties)', () => {
  it('invests exactly the amount: Σ invested + leftover = amount, leftover ≥ 0', () => {
    fc.assert(
      fc.property(
        holdingsArbitrary(),
        amountArbitrary,
        incrementArbitrary,
        topNArbitrary,
        (holdings, amount, q, n) => {
          const result = replicate(holdings, amount, { shareIncrement: q, numberOfWeightings: n });
          const invested = sumDecimals(result.investments.map((line) => dec(line.amountInvested)));
          expect(invested.add(dec(result.leftoverAmount)).eq(dec(amount))).toBe(true);
          expect(dec(result.leftoverAmount).gte(0)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('buys positive multiples of the increment, at the holding price', () => {
    fc.assert(
      fc.property(holdingsArbitrary(), amountArbitrary, incrementArbitrary, (holdings, amount, q) => {
        const unit = q === '0' ? new D(1) : dec(q);
        for (const line of replicate(holdings, amount, { shareIncrement: q }).investments) {
          const shares = dec(line.numberOfShares);
          const price = holdings.find((holding) => holding.symbol === line.symbol)?.price;
          expect(shares.gt(0)).toBe(true);
          expect(shares.mod(unit).isZero()).toBe(true);
          expect(shares.mul(dec(price!)).eq(dec(line.amountInvested))).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('keeps RR within [0, 100], reports it correctly, and never below the plain round-down', () => {
    fc.assert(
      fc.property(
        holdingsArbitrary(),
        amountArbitrary,
        incrementArbitrary,
        topNArbitrary,
        (holdings, amount, q, n) => {
          const result = replicate(holdings, amount, { shareIncrement: q, numberOfWeightings: n });
          const rate = dec(result.replicationRate);
          expect(rate.gte(0) && rate.lte(100)).toBe(true);
          const measured = referenceRate(holdings, amount, result.investments, n);
          expect(rate.sub(measured).abs().lte('0.0000005')).toBe(true);
          expect(measured.gte(roundDownRate(holdings, amount, q, n))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('never sells in buy-only mode: every current share is still there', () => {
    fc.assert(
      fc.property(
        holdingsArbitrary({ allPriced: true }),
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 12, maxLength: 12 }),
        amountArbitrary,
        incrementArbitrary,
        (holdings, counts, extra, q) => {
          const positions = Object.fromEntries(
            holdings.map((holding, i) => [holding.symbol, String(counts[i])]),
          );
          const held = holdings.reduce((sum, h, i) => sum.add(dec(h.price!).mul(counts[i]!)), new D(0));
          const amount = held.add(dec(extra)).toFixed(2);
          const result = replicate(holdings, amount, { shareIncrement: q, buyOnly: { positions } });
          for (const [symbol, shares] of Object.entries(positions)) {
            const line = result.investments.find((investment) => investment.symbol === symbol);
            expect(dec(line?.numberOfShares ?? '0').gte(dec(shares))).toBe(true);
          }
          expect(dec(result.leftoverAmount).gte(0)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('is deterministic and ignores input order', () => {
    fc.assert(
      fc.property(
        holdingsArbitrary().chain((holdings) =>
          fc.tuple(fc.constant(holdings), fc.shuffledSubarray(holdings, { minLength: holdings.length })),
        ),
        amountArbitrary,
        incrementArbitrary,
        topNArbitrary,
        ([holdings, shuffled], amount, q, n) => {
          const options = { shareIncrement: q, numberOfWeightings: n };
          expect(replicate(shuffled, amount, options)).toEqual(replicate(holdings, amount, options));
        },
      ),
      RUNS,
    );
  });

  it('never lowers RR with more money by more than one share of the dearest holding', () => {
    fc.assert(
      fc.property(
        holdingsArbitrary({ allPriced: true, maxLength: 8 }),
        amountArbitrary,
        fc.integer({ min: 1, max: 100_000_000 }),
        incrementArbitrary,
        (holdings, amount, extraCents, q) => {
          const more = dec(amount).add(new D(extraCents).div(100)).toFixed(2);
          const unit = q === '0' ? new D(1) : dec(q);
          const dearest = holdings.reduce((max, h) => D.max(max, dec(h.price!).mul(unit)), new D(0));
          const rate = (a: string) => dec(replicate(holdings, a, { shareIncrement: q }).replicationRate);
          const oneShare = dearest.mul(100).div(more);
          expect(rate(more).gte(rate(amount).sub(oneShare).sub('0.000001'))).toBe(true);
        },
      ),
      RUNS,
    );
  });
});
