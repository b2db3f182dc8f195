import type { Decimal } from '../shared/decimal';

/**
 * The investor's tax ledger (issue 26): its input — the trade facts of every tracking that still count (reverted
 * orders left out) — and its output. Pure data; `ledger.ts` folds the facts, `ledger-facts.ts` reads them from
 * tracking events. Dates are New York trade dates (trade-date.ts).
 */

/** Shares that entered a tracking: a BUY (its lot id is the event id), an imported row, a harvest's replacement. */
export type AcquisitionFact = {
  readonly kind: 'ACQUIRE';
  /** The lot id (the BUY's event id; an imported row's lot id). */
  readonly lotId: string;
  readonly trackingId: string;
  readonly symbol: string;
  readonly shares: Decimal;
  /** Cost per share; null when unknown (an imported row without basis). */
  readonly costPerShare: Decimal | null;
  /** New York trade date; null when unknown (an imported row without a date). */
  readonly acquiredOn: string | null;
  /** Position in the investor's recorded order (ties on a date are taken in this order). */
  readonly seq: number;
};

/** Shares that left a tracking: one SELL, with the lots it closed (decided when it was recorded). */
export type SaleFact = {
  readonly kind: 'SELL';
  /** The SELL's event id. */
  readonly saleId: string;
  readonly trackingId: string;
  readonly symbol: string;
  readonly soldOn: string;
  readonly pricePerShare: Decimal;
  readonly closes: readonly { readonly lotId: string; readonly shares: Decimal }[];
  /** The harvest it belongs to, else null. */
  readonly harvestId: string | null;
  readonly seq: number;
};

/**
 * A corporate action applied to a tracking's lots `lotIds` (of `symbol`, acquired before `effectiveOn`), the first day the stock
 * trades adjusted (issue 32 item 2):
 * - SPLIT: shares × ratio (10 for a 10-for-1, 0.1 for a 1-for-10), basis and holding period unchanged;
 * - RENAME: the lots now carry `toSymbol` (a ticker change), nothing else changes;
 * - SPINOFF: each lot of `symbol` keeps (1 − basisFraction) of its basis and opens a lot of `toSymbol` with
 *   shares × ratio, basis × basisFraction and the parent lot's holding-period start (lot id `${lotId}:${actionId}`).
 */
export type CorporateActionFact = {
  readonly kind: 'CORPORATE_ACTION';
  readonly actionId: string;
  readonly trackingId: string;
  readonly action: 'SPLIT' | 'RENAME' | 'SPINOFF';
  readonly symbol: string;
  readonly toSymbol: string | null;
  readonly ratio: Decimal;
  /** SPINOFF only: the share of the parent's basis allocated to the new stock (Form 8937); else 0. */
  readonly basisFraction: Decimal;
  readonly effectiveOn: string;
  /**
   * The lots it applies to (the tracking's `lotsBefore`): an action is applied per lot, so a BUY recorded later
   * with an earlier date gets an application of its own, and a broker file's lots (adjusted shares) get none.
   */
  readonly lotIds: readonly string[];
  readonly seq: number;
};

export type TradeFact = AcquisitionFact | SaleFact | CorporateActionFact;

/** A disallowed loss carried into (part of) a replacement lot. */
export type WashAdjustment = {
  /** The loss sale it comes from. */
  readonly saleId: string;
  readonly saleSymbol: string;
  readonly soldOn: string;
  /** Replacement shares that absorbed it. */
  readonly shares: Decimal;
  /** The disallowed loss, positive. */
  readonly amount: Decimal;
};

/** Part of a lot with one basis and one holding-period start (a lot splits when only some shares are replacements). */
export type LedgerLot = {
  readonly lotId: string;
  readonly trackingId: string;
  readonly symbol: string;
  readonly shares: Decimal;
  /** Adjusted basis of these shares (cost + carried disallowed losses); null when the cost is unknown. */
  readonly basis: Decimal | null;
  /** The lot's own trade date (null: unknown). */
  readonly acquiredOn: string | null;
  /** Acquired date minus the days carried from the sold shares (null: unknown). */
  readonly holdingStart: string | null;
  readonly adjustments: readonly WashAdjustment[];
};

export type Term = 'SHORT' | 'LONG' | 'UNKNOWN';

/** One Form 8949 row: the shares of one lot part closed by one sale. Money exact; form-8949.ts rounds cells. */
export type ClosedRow = {
  readonly saleId: string;
  readonly lotId: string;
  readonly trackingId: string;
  readonly symbol: string;
  readonly shares: Decimal;
  /** Column (b): holding-period start; null when unknown. */
  readonly acquiredOn: string | null;
  readonly soldOn: string;
  readonly proceeds: Decimal;
  /** null when unknown. */
  readonly basis: Decimal | null;
  /** Column (f): 'W' when part of the loss is disallowed. */
  readonly code: 'W' | '';
  /** Column (g): the disallowed loss, positive (0 when none). */
  readonly adjustment: Decimal;
  /** Proceeds − basis + adjustment; null when the basis is unknown. */
  readonly gain: Decimal | null;
  readonly term: Term;
  readonly harvestId: string | null;
};

/** A loss sale's wash-sale window, while some of its loss could still be disallowed. */
export type WashWindow = {
  readonly saleId: string;
  readonly symbol: string;
  /** Issuer key: every share class of one issuer shares it (share-classes.ts). */
  readonly securityKey: string;
  readonly soldOn: string;
  /** Last day a buy would still disallow (soldOn + 30 days). */
  readonly until: string;
  /** Loss shares not yet matched by a replacement. */
  readonly unmatchedShares: Decimal;
  /** Loss still deductible (not yet disallowed), positive. */
  readonly openLoss: Decimal;
};
