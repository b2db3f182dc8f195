import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, sumDecimals } from '../shared/decimal';
import { amountArbitrary, holdingsArbitrary, incrementArbitrary } from '../testing/replication-arbitraries';
import { replicate } from './replicate';
import type { HoldingInput } from './types';
import { selectUniverse } from './universe';

const RUNS = { numRuns: 120 };
const SECTORS = ['Energy', 'Health Care', 'Information Technology'];
const topNArbitrary = fc.option(fc.integer({ min: 1, max: 12 }), { nil: null });

/** Holdings with a sector each (sometimes none), and a random choice of symbols and sectors to exclude. */
const caseArbitrary = holdingsArbitrary()
  .chain((holdings) =>
    fc.record({
      holdings: fc
        .array(fc.option(fc.constantFrom(...SECTORS), { nil: null }), {
          minLength: holdings.length,
          maxLength: holdings.length,
        })
        .map((sectors) => holdings.map((holding, i) => ({ ...holding, sector: sectors[i] ?? null }))),
      symbols: fc.subarray(holdings.map((holding) => holding.symbol)),
      sectors: fc.subarray(SECTORS),
    }),
  )
  .filter(({ holdings, symbols, sectors }) => remaining(holdings, symbols, sectors).length > 0);

const isExcluded = (holding: HoldingInput, symbols: readonly string[], sectors: readonly string[]) =>
  symbols.includes(holding.symbol) || (holding.sector != null && sectors.includes(holding.sector));

/** What stays buyable: priced, weighted, not excluded. */
const remaining = (
  holdings: readonly HoldingInput[],
  symbols: readonly string[],
  sectors: readonly string[],
) =>
  holdings.filter(
    (holding) =>
      !isExcluded(holding, symbols, sectors) &&
      holding.price !== null &&
      dec(holding.price as string).gt(0) &&
      dec(holding.weightPercentage).gt(0),
  );

describe('replicate with exclusions (properties)', () => {
  it('never puts an excluded stock or a stock of an excluded sector in the target', () => {
    fc.assert(
      fc.property(caseArbitrary, amountArbitrary, incrementArbitrary, topNArbitrary, (c, amount, q, n) => {
        const result = replicate(c.holdings, amount, {
          shareIncrement: q,
          numberOfWeightings: n,
          exclusions: { symbols: c.symbols, sectors: c.sectors },
        });
        for (const line of result.investments) {
          const holding = c.holdings.find((h) => h.symbol === line.symbol)!;
          expect(isExcluded(holding, c.symbols, c.sectors)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('re-weights what remains to 100 % and reaches the same optimum as a fund without the excluded holdings', () => {
    fc.assert(
      fc.property(caseArbitrary, amountArbitrary, incrementArbitrary, topNArbitrary, (c, amount, q, n) => {
        const exclusions = { symbols: c.symbols, sectors: c.sectors };
        const universe = selectUniverse(c.holdings, n, exclusions);
        const shares = universe.items.map((item) => dec(item.weightValue).div(universe.weightSum));
        expect(sumDecimals(shares).toDecimalPlaces(20).eq(1)).toBe(true);
        const left = c.holdings.filter((holding) => !isExcluded(holding, c.symbols, c.sectors));
        const withExclusions = replicate(c.holdings, amount, {
          shareIncrement: q,
          numberOfWeightings: n,
          exclusions,
        });
        const withoutThem = replicate(left, amount, { shareIncrement: q, numberOfWeightings: n });
        expect(withExclusions.investments).toEqual(withoutThem.investments);
        expect(withExclusions.leftoverAmount).toBe(withoutThem.leftoverAmount);
        expect(withExclusions.replicationRate).toBe(withoutThem.replicationRate);
        // Against the WHOLE fund: the same money over the same weights of the full ETF.
        expect(withExclusions.etfReplicationRate).toBe(withoutThem.etfReplicationRate);
      }),
      RUNS,
    );
  });

  it('changes nothing when nothing (or only names the fund does not have) is excluded', () => {
    fc.assert(
      fc.property(caseArbitrary, amountArbitrary, incrementArbitrary, topNArbitrary, (c, amount, q, n) => {
        const plain = replicate(c.holdings, amount, { shareIncrement: q, numberOfWeightings: n });
        for (const exclusions of [
          {},
          { symbols: [], sectors: [] },
          { symbols: ['ZZZZZ'], sectors: ['Nope'] },
        ]) {
          expect(
            replicate(c.holdings, amount, { shareIncrement: q, numberOfWeightings: n, exclusions }),
          ).toEqual(plain);
        }
      }),
      RUNS,
    );
  });

  it('keeps kept shares exactly, buys no more of them, and invests the rest of the amount', () => {
    fc.assert(
      fc.property(
        caseArbitrary.filter((c) => c.symbols.length > 0),
        amountArbitrary,
        fc.integer({ min: 1, max: 5 }),
        (c, amount, keptShares) => {
          const keptSymbol = c.symbols[0]!;
          const price = c.holdings.find((h) => h.symbol === keptSymbol)!.price ?? '10.00';
          const keptValue = dec(price as string).mul(keptShares);
          fc.pre(keptValue.lt(dec(amount)));
          const exclusions = {
            symbols: c.symbols,
            sectors: c.sectors,
            kept: { [keptSymbol]: { shares: String(keptShares), price: price as string } },
          };
          const result = replicate(c.holdings, amount, { exclusions });
          const kept = result.investments.filter((line) => line.symbol === keptSymbol);
          expect(kept).toEqual([
            { symbol: keptSymbol, numberOfShares: String(keptShares), amountInvested: keptValue.toFixed(2) },
          ]);
          const invested = sumDecimals(result.investments.map((line) => dec(line.amountInvested)));
          expect(invested.add(dec(result.leftoverAmount)).eq(dec(amount))).toBe(true);
          const rest = replicate(c.holdings, dec(amount).sub(keptValue).toFixed(), {
            exclusions: { symbols: c.symbols, sectors: c.sectors },
          });
          expect(result.investments.filter((line) => line.symbol !== keptSymbol)).toEqual(rest.investments);
        },
      ),
      RUNS,
    );
  });
});
