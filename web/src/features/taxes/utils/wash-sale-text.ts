import type { WashSaleWarning } from '@etf-replicator/core/contracts/taxes';
import { formatDate, formatMoney } from '@/lib/format';

/**
 * "Wash sale: $1,000.00 of the loss on AAPL sold Nov 20, 2026 is disallowed and added to this lot's basis": after a
 * BUY inside a window (the order answer's warning) and on its history entry.
 */
export const washSaleText = ({ disallowedLoss, symbol, saleDate }: Omit<WashSaleWarning, 'code'>): string =>
  `Wash sale: ${formatMoney(disallowedLoss)} of the loss on ${symbol} sold ${formatDate(saleDate)} is disallowed and added to this lot's basis`;
