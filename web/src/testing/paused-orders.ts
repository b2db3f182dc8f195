import type { PausedOrderLine } from '@etf-replicator/core/contracts/trackings';

/** A SELL of 21 DD paused by its −52.50 % move between the closes of Oct 30 and Nov 18, 2025 (issue 32). */
export const pausedDdSell: PausedOrderLine = {
  symbol: 'DD',
  orderType: 'SELL',
  shares: '21',
  reason:
    'DD moved −52.50 % between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded split or other corporate action: its orders are paused until an admin records or confirms it',
  flaggedSymbol: 'DD',
  changePercent: '-52.50',
  fromDate: '2025-10-30',
  toDate: '2025-11-18',
};
