import { type Decimal, type DecimalInput, dec, toDecimalString, ZERO } from '../shared/decimal';
import { toMoneyString } from '../shared/money';
import { isReadonlyMap } from '../shared/persistent-map';
import { type PositionsInput, toPositionMap } from './adjustment-orders';
import { etfReplicationRateOf, investedBySymbol, replicationRateOf, toRateString } from './measure';
import type { ExclusionOptions, HoldingInput, Investment } from './types';
import { measuredUniverse } from './universe-cache';

export type CurrentReplication = {
  readonly targetInvestmentAmount: string;
  /** Every position with shares > 0, by symbol; amountInvested = shares × latest price. */
  readonly investments: readonly Investment[];
  /** The tracking's cash. Negative when recorded buys exceeded the target (see the tracking decider). */
  readonly leftoverAmount: string;
  /** Held symbols without a price: their amountInvested is "0.00" and they fill no target. */
  readonly unpriced: readonly string[];
};

/** What the user holds now, valued at the latest prices, in the spec's replication shape. */
export const currentReplication = (
  positions: PositionsInput,
  cash: DecimalInput,
  prices: ReadonlyMap<string, DecimalInput> | Readonly<Record<string, DecimalInput>>,
  targetAmount: DecimalInput,
): CurrentReplication => {
  const priceOf = (symbol: string): DecimalInput | undefined =>
    // Any ReadonlyMap (a tracking's prices are a PersistentMap, not a Map), else a record.
    isReadonlyMap(prices) ? prices.get(symbol) : prices[symbol];
  const investments: Investment[] = [];
  const unpriced: string[] = [];
  const held = [...toPositionMap(positions)]
    .filter(([, shares]) => shares.gt(0))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [symbol, shares] of held) {
    const price = priceOf(symbol);
    if (price === undefined) unpriced.push(symbol);
    const value = price === undefined ? ZERO : shares.mul(dec(price));
    investments.push({
      symbol,
      numberOfShares: toDecimalString(shares),
      amountInvested: toMoneyString(value),
    });
  }
  return {
    targetInvestmentAmount: toMoneyString(targetAmount),
    investments,
    leftoverAmount: toMoneyString(cash),
    unpriced,
  };
};

export type ReplicationMeasures = {
  readonly replicationRate: string;
  readonly etfReplicationRate: string;
  readonly etfCoverage: string;
};

/**
 * RR, ETF RR and coverage of any set of investments (current or target) against an ETF snapshot, with the same
 * top-N universe the engine would use (after the same exclusions). `amount` is A in the formulas (the tracking's target amount).
 */
export const measureReplication = (
  holdings: readonly HoldingInput[],
  amount: DecimalInput,
  investments: readonly { readonly symbol: string; readonly amountInvested: string }[],
  options: {
    readonly numberOfWeightings?: number | null;
    readonly exclusions?: Pick<ExclusionOptions, 'symbols' | 'sectors'>;
  } = {},
): ReplicationMeasures => {
  const { universe, weights } = measuredUniverse(holdings, options.numberOfWeightings, options.exclusions);
  const target: Decimal = dec(amount);
  const invested = investedBySymbol(investments);
  return {
    replicationRate: toRateString(replicationRateOf(invested, weights, universe.weightSum, target)),
    etfReplicationRate: toRateString(etfReplicationRateOf(invested, universe.fundWeights, target)),
    etfCoverage: toDecimalString(universe.weightSum),
  };
};
