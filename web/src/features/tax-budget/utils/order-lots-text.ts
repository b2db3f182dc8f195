import type { OrderLot } from '@etf-replicator/core/contracts/taxes';
import { formatDate, formatMoney, formatShares, formatSignedMoney } from '@/lib/format';

/**
 * One lot a SELL closes, as the investor tells the broker (specific identification): "5 sh bought Sep 28, 2026 at
 * $130.00 — short-term, -$150.00". Unknown date or cost are said so.
 */
export const orderLotText = (lot: OrderLot): string => {
  const bought = lot.acquiredAt ? `bought ${formatDate(lot.acquiredAt)}` : 'acquisition date unknown';
  const cost = lot.costPerShare === null ? ', cost unknown' : ` at ${formatMoney(lot.costPerShare)}`;
  const term = lot.term === 'LONG' ? 'long-term' : lot.term === 'SHORT' ? 'short-term' : 'term unknown';
  return `${formatShares(lot.shares)} sh ${bought}${cost} — ${term}, ${formatSignedMoney(lot.gain)}`;
};
