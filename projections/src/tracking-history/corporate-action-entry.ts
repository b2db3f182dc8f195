import { type CorporateActionApplied, dec, sumDecimals, toDecimalString } from '@etf-replicator/core';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';

/** The history entry of a CorporateActionApplied: "Split 10-for-1 applied to NFLX: 3 → 30 shares". Revertible. */
export const corporateActionEntry = (
  event: CorporateActionApplied,
): { actionType: 'CORPORATE_ACTION'; details: HistoryEntry['details'] } => {
  const { type, symbol, toSymbol, ratio, basisFraction, effectiveOn, lotsBefore } = event.data;
  const before = sumDecimals(lotsBefore.map((lot) => dec(lot.shares)));
  const after = type === 'RENAME' ? before : before.mul(dec(ratio));
  return {
    actionType: 'CORPORATE_ACTION',
    details: {
      symbol,
      corporateAction: {
        type,
        toSymbol,
        ratio,
        basisFraction,
        effectiveOn,
        sharesBefore: toDecimalString(before),
        sharesAfter: toDecimalString(after),
      },
    },
  };
};
