import { type Decimal, ZERO } from '../shared/decimal';
import type { LedgerCalendar } from './ledger-calendar';
import { type OpenLot, takeFromLot } from './ledger-parts';
import type { ClosedRow, SaleFact, WashAdjustment, WashWindow } from './ledger-types';

/*
 * One sale in the ledger (ledger.ts folds it; ledger-preview.ts previews it): its closes as rows, its loss rows
 * matched with replacement shares, its window. Where replacements come from is the caller's (`SaleMatching`).
 */

export const WINDOW_DAYS = 30;

/** A row while its sale is matched: adjustment and code settle before it is handed out. */
export type Draft = {
  readonly lotId: string;
  readonly trackingId: string;
  readonly symbol: string;
  readonly shares: Decimal;
  readonly proceeds: Decimal;
  readonly basis: Decimal | null;
  readonly holdingStart: string | null;
  adjustment: Decimal;
};

/** Replacement shares of one acquisition lot given to one loss row. */
export type Replacement = { readonly lotId: string; readonly acquiredOn: string; readonly shares: Decimal };

export type SaleMatching = {
  /** Up to `shares` replacement shares for the sale, earliest acquisitions first (each share given once). */
  readonly match: (shares: Decimal) => Replacement[];
  /** Carries a disallowed loss into the replacement (now, or when its lot is opened). */
  readonly absorb: (replacement: Replacement, adjustment: WashAdjustment, heldDays: number | null) => void;
};

/** Takes the sale's shares out of the named lots (lots not held are skipped); `emptied` hears of closed lots. */
export const closeSale = (
  sale: Pick<SaleFact, 'closes' | 'pricePerShare'>,
  lotOf: (lotId: string) => OpenLot | undefined,
  emptied: (lot: OpenLot) => void,
): Draft[] => {
  const drafts: Draft[] = [];
  for (const { lotId, shares } of sale.closes) {
    const lot = lotOf(lotId);
    if (!lot) continue; // a lot not held on the sale's trade date: the API refuses such sales
    for (const piece of takeFromLot(lot, shares)) {
      drafts.push({
        lotId,
        trackingId: lot.trackingId,
        symbol: lot.symbol,
        shares: piece.shares,
        proceeds: piece.shares.mul(sale.pricePerShare),
        basis: piece.basis,
        holdingStart: piece.holdingStart,
        adjustment: ZERO,
      });
    }
    if (lot.parts.length === 0) emptied(lot);
  }
  return drafts;
};

/**
 * Matches the loss rows (basis known, proceeds below it) with replacement shares: disallowed = loss × matched
 * shares ÷ the row's shares, added to the row's adjustment and carried into the replacement. Returns the sale's
 * window, or null when it realised no loss.
 */
export const washSale = (
  sale: Pick<SaleFact, 'saleId' | 'symbol' | 'soldOn'>,
  drafts: readonly Draft[],
  securityKey: string,
  matching: SaleMatching,
  calendar: LedgerCalendar,
): WashWindow | null => {
  let [lossShares, matchedShares, loss, disallowed] = [ZERO, ZERO, ZERO, ZERO];
  for (const draft of drafts) {
    if (draft.basis === null || !draft.proceeds.lt(draft.basis)) continue;
    const rowLoss = draft.basis.sub(draft.proceeds);
    const heldDays = draft.holdingStart === null ? null : calendar.daysFrom(draft.holdingStart, sale.soldOn);
    lossShares = lossShares.add(draft.shares);
    loss = loss.add(rowLoss);
    for (const replacement of matching.match(draft.shares)) {
      const { shares } = replacement;
      const amount = rowLoss.mul(shares).div(draft.shares);
      matching.absorb(
        replacement,
        { saleId: sale.saleId, saleSymbol: sale.symbol, soldOn: sale.soldOn, shares, amount },
        heldDays,
      );
      draft.adjustment = draft.adjustment.add(amount);
      matchedShares = matchedShares.add(shares);
      disallowed = disallowed.add(amount);
    }
  }
  if (!loss.gt(ZERO)) return null;
  return {
    saleId: sale.saleId,
    symbol: sale.symbol,
    securityKey,
    soldOn: sale.soldOn,
    until: calendar.addDays(sale.soldOn, WINDOW_DAYS),
    unmatchedShares: lossShares.sub(matchedShares),
    openLoss: loss.sub(disallowed),
  };
};

/** The settled rows of a sale. */
export const rowsOfSale = (
  sale: Pick<SaleFact, 'saleId' | 'soldOn' | 'harvestId'>,
  drafts: readonly Draft[],
  calendar: LedgerCalendar,
): ClosedRow[] =>
  drafts.map((draft) => ({
    saleId: sale.saleId,
    lotId: draft.lotId,
    trackingId: draft.trackingId,
    symbol: draft.symbol,
    shares: draft.shares,
    acquiredOn: draft.holdingStart,
    soldOn: sale.soldOn,
    proceeds: draft.proceeds,
    basis: draft.basis,
    code: draft.adjustment.gt(ZERO) ? 'W' : '',
    adjustment: draft.adjustment,
    gain: draft.basis === null ? null : draft.proceeds.sub(draft.basis).add(draft.adjustment),
    term: calendar.termOf(draft.holdingStart, sale.soldOn),
    harvestId: sale.harvestId,
  }));
