import type { DecimalInput } from '../shared/decimal';
import type { Term } from '../tax/term';
import type { Lot, LotMethod } from '../tracking/lots';
import type { AdjustmentOrder } from './adjustment-orders';
import type { ExclusionOptions, HoldingInput, Replication } from './types';

/** The capital gains an investor accepts to realise in a tax year (issue 31). */
export type TaxBudget = {
  /** Most net gain (gains − losses) the year may realise, ≥ 0; null = no limit. */
  readonly maxNetGain: DecimalInput | null;
  /** False: no SELL may close a lot held one year or less at a gain. */
  readonly allowShortTermGains: boolean;
};

/** A budget that changes nothing: today's engine. */
export const NO_TAX_BUDGET: TaxBudget = { maxNetGain: null, allowShortTermGains: true };

/**
 * What the tax-aware engine reads. The replication part is replicate()'s (holdings, amount, top N, increment,
 * exclusions); the rest is the tracking as it stands: positions, their open lots, its cash and lot method.
 */
export type TaxAwareInput = {
  readonly holdings: readonly HoldingInput[];
  /** A in the rate, as replicate() takes it (the tracking's engine budget: never above positions + cash). */
  readonly amount: DecimalInput;
  readonly numberOfWeightings?: number | null;
  /** "0" = whole shares (default), "0.01" with fractional shares. */
  readonly shareIncrement?: DecimalInput;
  readonly exclusions?: ExclusionOptions;
  /** Shares held now by symbol. Shares not covered by `lots` count as lots of unknown basis. */
  readonly positions: Readonly<Record<string, DecimalInput>>;
  /** The tracking's open lots (every symbol; others than `positions` are ignored). */
  readonly lots: readonly Lot[];
  /** Cash the BUYs may use besides the SELLs' proceeds. */
  readonly cash: DecimalInput;
  /** Today's price of held symbols the holdings do not price (e.g. names the ETF dropped). */
  readonly prices?: Readonly<Record<string, DecimalInput>>;
  readonly lotMethod: LotMethod;
  /** The sale's trade date (YYYY-MM-DD, New York): it decides each lot's term. */
  readonly today: string;
  /** Net gain the tracking's sales already realised this tax year (may be negative). */
  readonly realisedNetGain: DecimalInput;
};

/** One lot (or part) a SELL closes, with what closing it realises. */
export type LotRealisation = {
  /** Null for shares held without any lot (imported without one): basis unknown. */
  readonly lotId: string | null;
  readonly shares: string;
  /** Null when the basis is unknown: the engine then counts the whole proceeds as gain. */
  readonly costPerShare: string | null;
  readonly acquiredAt: string | null;
  /** Null when the acquisition date is unknown (treated as short term). */
  readonly term: Term | null;
  /** Proceeds − cost at today's price; exact decimal string, negative for a loss. */
  readonly gain: string;
};

export type TaxAwareSell = {
  readonly symbol: string;
  readonly shares: string;
  readonly price: string;
  readonly closes: readonly LotRealisation[];
  /** Σ gain of the closes. */
  readonly realisedGain: string;
};

export type TaxAwareReplication = {
  /** The positions after the orders, in replicate()'s shape (rates measured the same way). */
  readonly target: Replication;
  readonly orders: readonly AdjustmentOrder[];
  /** Every SELL of `orders` with the lots it closes (specific identification for the broker). */
  readonly sells: readonly TaxAwareSell[];
  /** Σ realisedGain of the SELLs. */
  readonly realisedNetGain: string;
  /** realisedNetGain plus what the year realised before. */
  readonly yearNetGain: string;
  /** What today's (unconstrained) orders would realise: the "no limit" end of the trade-off curve. */
  readonly unconstrainedRealisedNetGain: string;
  /** False when today's orders already fit the budget (they are returned unchanged). */
  readonly constrained: boolean;
};
