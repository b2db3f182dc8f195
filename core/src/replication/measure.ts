import { type Decimal, type DecimalInput, dec, decimalMax, decimalMin, ZERO } from '../shared/decimal';

/** Rates are reported as percent strings with at most 6 decimals. */
export const toRateString = (rate: Decimal): string => {
  const rounded = rate.toDecimalPlaces(6);
  return rounded.isZero() ? '0' : rounded.toFixed();
};

/**
 * Optional hint from a caller that already knows (with a safe margin) that a holding sits below its target, so
 * min(value, target) is the value and the target need not be computed. Must never say true wrongly.
 */
/** D = max(A, Σ invested): the rate's denominator (positive values only; an unpriced holding counts as 0). */
export const rateDenominator = (invested: ReadonlyMap<string, Decimal>, amount: Decimal): Decimal => {
  let total = ZERO;
  for (const value of invested.values()) if (value.gt(0)) total = total.add(value);
  return decimalMax(amount, total);
};

export type BelowTargetHint = (symbol: string) => boolean;

/**
 * RR = 100 × Σ_i min(invested_i / D, t_i), t_i = w_i / Σ_universe w, D = max(A, Σ_all invested) (DESIGN §6.1),
 * computed as 100 × Σ min(invested_i, w_i·D/Σw) / D so that the work is proportional to the holdings bought.
 * `targetWeights` holds the universe's weights; money in other symbols counts as invested but fills no target.
 * D is the larger of the target and the money invested, so holding more than the target (after lowering it) never
 * raises the rate: below Σ invested the rate no longer depends on A. A target of 0 has no rate (0).
 */
export const replicationRateOf = (
  invested: ReadonlyMap<string, Decimal>,
  targetWeights: ReadonlyMap<string, DecimalInput>,
  universeWeightSum: Decimal,
  amount: Decimal,
  belowTarget: BelowTargetHint = () => false,
): Decimal => {
  if (amount.lte(0) || universeWeightSum.lte(0)) return ZERO;
  const denominator = rateDenominator(invested, amount);
  const perWeight = denominator.div(universeWeightSum);
  let filled = ZERO;
  for (const [symbol, value] of invested) {
    const weight = targetWeights.get(symbol);
    if (weight === undefined || value.lte(0)) continue;
    filled = filled.add(belowTarget(symbol) ? value : decimalMin(value, dec(weight).mul(perWeight)));
  }
  return filled.mul(100).div(denominator);
};

/**
 * ETF RR = 100 × Σ_i min(value_i / D, w_i / 100) over the fund's full holdings (1 − active share), with the same
 * D = max(A, Σ invested) as RR so that over-investment cannot raise it either.
 */
export const etfReplicationRateOf = (
  invested: ReadonlyMap<string, Decimal>,
  fundWeights: ReadonlyMap<string, DecimalInput>,
  amount: Decimal,
  belowFundWeight: BelowTargetHint = () => false,
): Decimal => {
  if (amount.lte(0)) return ZERO;
  const denominator = rateDenominator(invested, amount);
  const perPercent = denominator.div(100);
  let filled = ZERO;
  for (const [symbol, value] of invested) {
    const weight = fundWeights.get(symbol);
    if (weight === undefined || value.lte(0)) continue;
    filled = filled.add(belowFundWeight(symbol) ? value : decimalMin(value, dec(weight).mul(perPercent)));
  }
  return filled.mul(100).div(denominator);
};

export const investedBySymbol = (
  investments: readonly { readonly symbol: string; readonly amountInvested: string }[],
): Map<string, Decimal> => {
  const invested = new Map<string, Decimal>();
  for (const { symbol, amountInvested } of investments) {
    invested.set(symbol, (invested.get(symbol) ?? ZERO).add(dec(amountInvested)));
  }
  return invested;
};
