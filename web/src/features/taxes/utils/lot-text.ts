import type { OpenLot, RealizedLot } from '@etf-replicator/core/contracts/taxes';
import { D } from '@etf-replicator/core/shared/decimal';
import { formatDate, formatMoney } from '@/lib/format';

/** What the investor's records do not say is shown as unknown, never as a made-up figure or today's date. */
export const UNKNOWN = 'unknown';

/** The adjusted basis, or "unknown" (an import without a cost). */
export const basisText = (basis: string | null): string => (basis === null ? UNKNOWN : formatMoney(basis));

/** "Holding period from Jul 27, 2026" — earlier than the purchase after a wash sale; unknown without a date. */
export const holdingStartText = (lot: Pick<OpenLot, 'holdingStart'>): string =>
  `Holding period from ${lot.holdingStart === null ? UNKNOWN : formatDate(lot.holdingStart)}`;

/**
 * "Carried from a wash sale: +$1,000.00 (AAPL sold Nov 20, 2026)": the disallowed losses in this lot's basis; null
 * when it carries none.
 */
export const carriedNote = (lot: Pick<OpenLot, 'adjustment' | 'washSales'>): string | null => {
  if (new D(lot.adjustment).lte(0)) return null;
  const sales = lot.washSales.map((sale) => `${sale.symbol} sold ${formatDate(sale.soldOn)}`).join(', ');
  return `Carried from a wash sale: +${formatMoney(lot.adjustment)}${sales ? ` (${sales})` : ''}`;
};

/** Column (b): the holding-period start of a closed row, or "unknown". */
export const acquiredText = (row: Pick<RealizedLot, 'acquiredOn'>): string =>
  row.acquiredOn === null ? UNKNOWN : formatDate(row.acquiredOn);

/** Column (g): "+$1,000.00" on a W row, empty otherwise. */
export const adjustmentText = (row: Pick<RealizedLot, 'code' | 'adjustment'>): string =>
  row.code === 'W' ? `+${formatMoney(row.adjustment)}` : '';

/** A lot that absorbed a loss for some of its shares comes as two parts with one lotId: their starts tell them apart. */
export const openPartKey = (lot: Pick<OpenLot, 'lotId' | 'holdingStart' | 'adjustment'>): string =>
  `${lot.lotId}:${lot.holdingStart ?? ''}:${lot.adjustment}`;

/** One sale closing two parts of a lot gives two rows with one saleId and lotId. */
export const closedPartKey = (
  row: Pick<RealizedLot, 'saleId' | 'lotId' | 'acquiredOn' | 'adjustment'>,
): string => `${row.saleId}:${row.lotId}:${row.acquiredOn ?? ''}:${row.adjustment}`;
