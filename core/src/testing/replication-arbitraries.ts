import fc from 'fast-check';
import type { HoldingInput } from '../replication/types';
import { D, type Decimal, dec, sumDecimals, ZERO } from '../shared/decimal';

/** Test-only generators and a reference round-down for the engine's properties. */

const cents = (min: number, max: number) =>
  fc.integer({ min, max }).map((value) => new D(value).div(100).toFixed(2));

/** 1–12 holdings with distinct symbols; weights 0–20.000 %, prices $0.50–$3,000 (sometimes missing). */
export const holdingsArbitrary = (options: { maxLength?: number; allPriced?: boolean } = {}) =>
  fc
    .uniqueArray(
      fc.record({
        symbol: fc.stringMatching(/^[A-Z]{1,4}(\.[AB])?$/),
        weightPercentage: fc
          .integer({ min: 0, max: 20_000 })
          .map((value) => new D(value).div(1000).toFixed()),
        price: options.allPriced ? cents(50, 300_000) : fc.option(cents(50, 300_000), { nil: null, freq: 8 }),
      }),
      { minLength: 1, maxLength: options.maxLength ?? 12, selector: (holding) => holding.symbol },
    )
    .filter((holdings) =>
      holdings.some((holding) => holding.price !== null && Number(holding.weightPercentage) > 0),
    );

export const amountArbitrary = cents(100, 20_000_000);
export const incrementArbitrary = fc.constantFrom('0', '0.01');

/** The universe exactly as DESIGN §6.1 defines it: tradable, weight desc, symbol asc, top N. */
export const referenceUniverse = (holdings: readonly HoldingInput[], topN?: number | null) => {
  const tradable = holdings
    .filter((holding) => holding.price != null && dec(holding.price).gt(0))
    .map((holding) => ({
      symbol: holding.symbol,
      weight: dec(holding.weightPercentage),
      price: dec(holding.price!),
    }))
    .sort((a, b) => b.weight.comparedTo(a.weight) || (a.symbol < b.symbol ? -1 : 1));
  return topN == null ? tradable : tradable.slice(0, topN);
};

/** RR of the plain round-down: ⌊T_i / (p_i·q)⌋ units of every holding, measured in decimals. */
export const roundDownRate = (
  holdings: readonly HoldingInput[],
  amount: string,
  increment: string,
  topN?: number | null,
): Decimal => {
  const universe = referenceUniverse(holdings, topN);
  const total = sumDecimals(universe.map((item) => item.weight));
  const unit = dec(increment).isZero() ? new D(1) : dec(increment);
  const a = dec(amount);
  let filled = ZERO;
  for (const item of universe) {
    const target = item.weight.mul(a).div(total);
    const units = target.div(item.price.mul(unit)).floor();
    filled = filled.add(units.mul(unit).mul(item.price));
  }
  return filled.mul(100).div(a);
};

/** RR of any investment list, measured independently of the engine's code. */
export const referenceRate = (
  holdings: readonly HoldingInput[],
  amount: string,
  investments: readonly { symbol: string; amountInvested: string }[],
  topN?: number | null,
): Decimal => {
  const universe = referenceUniverse(holdings, topN);
  const total = sumDecimals(universe.map((item) => item.weight));
  const a = dec(amount);
  if (a.lte(0)) return ZERO;
  // DESIGN §6.1: RR = 100 × Σ min(invested_i / D, t_i), D = max(A, Σ invested), multiplied through by D
  // (Σ min(invested_i, t_i·D) / D) so that rounding at 40 digits matches the round-down reference.
  const investedSum = sumDecimals(investments.map((line) => dec(line.amountInvested)).filter((v) => v.gt(0)));
  const d = investedSum.gt(a) ? investedSum : a;
  let filled = ZERO;
  for (const item of universe) {
    const line = investments.find((investment) => investment.symbol === item.symbol);
    if (!line) continue;
    const target = item.weight.mul(d).div(total);
    const value = dec(line.amountInvested);
    filled = filled.add(value.lt(target) ? value : target);
  }
  return filled.mul(100).div(d);
};
