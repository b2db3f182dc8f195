import { ZERO } from '../shared/decimal';
import type { TaxLedger } from './ledger-fold';
import type { ClosedRow, WashWindow } from './ledger-types';

/**
 * The investor's tax ledger (issue 26), the one module every other part asks: `buildLedger` folds the trade facts
 * of all trackings (ledger-fold.ts), `previewSale` tells what a sale would realise (ledger-preview.ts), and the
 * reads below pick what a screen or a form needs.
 */
export { buildLedger, type LedgerOptions, type TaxLedger } from './ledger-fold';
export { previewSale, type SalePreview } from './ledger-preview';

/** Windows whose `until` >= today and that still have unmatched loss shares. */
export const openWindows = (ledger: TaxLedger, today: string): WashWindow[] =>
  ledger.windows.filter((window) => window.until >= today && window.unmatchedShares.gt(ZERO));

/** Rows of one tax year (by soldOn; null: every year), optionally of one tracking. */
export const rowsOfYear = (ledger: TaxLedger, year: number | null, trackingId?: string): ClosedRow[] =>
  ledger.closedRows.filter(
    (row) =>
      (year === null || Number(row.soldOn.slice(0, 4)) === year) &&
      (trackingId === undefined || row.trackingId === trackingId),
  );
