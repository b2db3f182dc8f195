import type { Decimal } from '../shared/decimal';
import { termOf } from '../tax/term';
import { nyTradeDate } from '../tax/trade-date';

/** How a SELL picks the lots it closes when the request names none. */
export const LOT_METHODS = ['HIFO', 'FIFO', 'TAX_OPTIMAL'] as const;
export type LotMethod = (typeof LOT_METHODS)[number];

/** What TAX_OPTIMAL needs to know of the sale: its price per share and its (New York) trade date. */
export type PickContext = { readonly price: Decimal; readonly tradeDate: string };

/** The fields of a lot its close order reads. */
type Ordered = {
  readonly lotId: string;
  readonly costPerShare: Decimal;
  readonly acquiredAt: string;
};

const byId = (a: Ordered, b: Ordered) => (a.lotId < b.lotId ? -1 : a.lotId > b.lotId ? 1 : 0);

/** Oldest first (acquired, then id): FIFO, and the canonical order lots are kept in. */
export const byAcquired = (a: Ordered, b: Ordered): number =>
  a.acquiredAt === b.acquiredAt
    ? byId(a, b)
    : Date.parse(a.acquiredAt) - Date.parse(b.acquiredAt) || byId(a, b);

/** Highest cost first (the smallest gain, the largest loss); ties oldest first. */
export const hifo = (a: Ordered, b: Ordered): number =>
  b.costPerShare.comparedTo(a.costPerShare) || byAcquired(a, b);

/**
 * TAX_OPTIMAL's groups: 0 a loss at the sale price (deductible), 1 a long-term gain (taxed at the lower rates),
 * 2 a short-term gain (taxed as ordinary income) — sold in that order. A lot at exactly the price is a gain of 0.
 */
const taxGroup = (lot: Ordered, { price, tradeDate }: PickContext): number => {
  if (lot.costPerShare.gt(price)) return 0;
  return termOf(nyTradeDate(lot.acquiredAt), tradeDate) === 'LONG' ? 1 : 2;
};

/**
 * Sorts lots into the order `method` closes them. TAX_OPTIMAL: losses first, largest loss per share first; then
 * long-term gains, smallest gain first; short-term gains last, smallest gain first. Within each group that is the
 * highest cost first, so TAX_OPTIMAL is HIFO after grouping (ties oldest first). Without a sale to judge by
 * (`context` absent: folds of SELLs recorded before lots existed) it falls back to HIFO.
 */
export const sortForClose = <L extends Ordered>(lots: L[], method: LotMethod, context?: PickContext): L[] => {
  if (method === 'FIFO') return lots.sort(byAcquired);
  if (method === 'HIFO' || !context) return lots.sort(hifo);
  const groups = new Map(lots.map((lot) => [lot, taxGroup(lot, context)] as const));
  return lots.sort((a, b) => (groups.get(a) ?? 0) - (groups.get(b) ?? 0) || hifo(a, b));
};
