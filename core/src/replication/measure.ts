import { type Decimal, type DecimalInput, dec, decimalMin, ZERO } from '../shared/decimal';

/** Rates are reported as percent strings with at most 6 decimals. */
export const toRateString = (rate: Decimal): string => {
  const rounded = rate.toDecimalPlaces(6);
  return rounded.isZero() ? '0' : rounded.toFixed();
};

/**
 * Optional hint from a caller that already knows (with a safe margin) that a holding sits below its target, so
 * min(value, target) is the value and the target need not be computed. Must never say true wrongly.
 */
export type BelowTargetHint = (symbol: string) => boolean;

/**
 * RR = 100 × Σ_i min(invested_i / A, t_i), t_i = w_i / Σ_universe w (DESIGN §6.1), computed as
 * 100 × Σ min(invested_i, w_i·A/Σw) / A so that the work is proportional to the holdings actually bought.
 * `targetWeights` holds the universe's weights; money in other symbols counts as invested but fills no target.
 */
export const replicationRateOf = (
  invested: ReadonlyMap<string, Decimal>,
  targetWeights: ReadonlyMap<string, DecimalInput>,
  universeWeightSum: Decimal,
  amount: Decimal,
  belowTarget: BelowTargetHint = () => false,
): Decimal => {
  if (amount.lte(0) || universeWeightSum.lte(0)) return ZERO;
  const perWeight = amount.div(universeWeightSum);
  let filled = ZERO;
  for (const [symbol, value] of invested) {
    const weight = targetWeights.get(symbol);
    if (weight === undefined || value.lte(0)) continue;
    filled = filled.add(belowTarget(symbol) ? value : decimalMin(value, dec(weight).mul(perWeight)));
  }
  return filled.mul(100).div(amount);
};

/** ETF RR = 100 × Σ_i min(value_i / A, w_i / 100) over the fund's full holdings (1 − active share). */
export const etfReplicationRateOf = (
  invested: ReadonlyMap<string, Decimal>,
  fundWeights: ReadonlyMap<string, DecimalInput>,
  amount: Decimal,
  belowFundWeight: BelowTargetHint = () => false,
): Decimal => {
  if (amount.lte(0)) return ZERO;
  const perPercent = amount.div(100);
  let filled = ZERO;
  for (const [symbol, value] of invested) {
    const weight = fundWeights.get(symbol);
    if (weight === undefined || value.lte(0)) continue;
    filled = filled.add(belowFundWeight(symbol) ? value : decimalMin(value, dec(weight).mul(perPercent)));
  }
  return filled.mul(100).div(amount);
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
