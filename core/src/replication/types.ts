import type { DecimalInput } from '../shared/decimal';

/** One ETF holding as the engine needs it: weight in percent of the fund, price per share (null when unknown). */
export type HoldingInput = {
  readonly symbol: string;
  readonly weightPercentage: DecimalInput;
  readonly price: DecimalInput | null | undefined;
  /** GICS sector from the snapshot (null/absent: none known); what sector exclusions match. */
  readonly sector?: string | null | undefined;
  /** GICS sub-industry from the bundled classification (S&P 500 names only); what industry exclusions match. */
  readonly industry?: string | null | undefined;
};

/**
 * What the user left out of the tracking (issue 17): holdings by symbol and by sector drop out of the universe
 * before the top N is taken, and the rest is re-weighted (t_i = w_i / Σ w over what remains).
 */
export type ExclusionOptions = {
  readonly symbols?: readonly string[];
  readonly sectors?: readonly string[];
  /** GICS sub-industries (issue 30); a holding without an industry is never matched by them. */
  readonly industries?: readonly string[];
  /**
   * Excluded shares the user keeps ("keep, stop buying"): they stay in the result as they are, use their value of
   * the amount and fill no target; the rest of the amount is allocated over what remains.
   */
  readonly kept?: Readonly<Record<string, { readonly shares: DecimalInput; readonly price: DecimalInput }>>;
};

export type BuyOnlyOptions = {
  /** Shares held now, by symbol. The target never holds fewer. */
  readonly positions: Readonly<Record<string, DecimalInput>>;
  /** Prices for held symbols that are not (or not priced) in the holdings, e.g. names the ETF dropped. */
  readonly prices?: Readonly<Record<string, DecimalInput>>;
};

export type ReplicateOptions = {
  /** Top-N tradable holdings to copy; absent = all of them. */
  readonly numberOfWeightings?: number | null;
  /** Share increment: "0" = whole shares (default), "0.01" when fractional shares are on. */
  readonly shareIncrement?: DecimalInput;
  /** Invest new cash only: keep every current share, never sell (raise-target flow). */
  readonly buyOnly?: BuyOnlyOptions;
  readonly exclusions?: ExclusionOptions;
};

export type Investment = {
  readonly symbol: string;
  /** Decimal string, a multiple of the increment (plus the current position in buy-only mode). */
  readonly numberOfShares: string;
  /** numberOfShares × price, exact decimal string. */
  readonly amountInvested: string;
};

export type ExclusionReason = 'NO_PRICE' | 'INVALID_PRICE';

export type ExcludedHolding = { readonly symbol: string; readonly reason: ExclusionReason };

export type Replication = {
  readonly targetInvestmentAmount: string;
  readonly investments: readonly Investment[];
  /** targetInvestmentAmount − Σ amountInvested, exactly; never negative. */
  readonly leftoverAmount: string;
  /** Percent, 0–100: share of the money that sits where the top-N target wants it. */
  readonly replicationRate: string;
  /** Percent, 0–100: overlap with the whole ETF (= 100 − active share). */
  readonly etfReplicationRate: string;
  /** Percent of the ETF's weight that the selected holdings cover. */
  readonly etfCoverage: string;
  /** Holdings that cannot be bought (no usable price), kept and reported, never silently dropped. */
  readonly excluded: readonly ExcludedHolding[];
};
