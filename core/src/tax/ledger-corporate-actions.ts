import { ZERO } from '../shared/decimal';
import type { OpenLot } from './ledger-parts';
import type { CorporateActionFact } from './ledger-types';

/**
 * Corporate actions on the open lots `fact.lotIds` of one tracking (ledger-types.ts, tax-rules.md "Corporate actions"), in place:
 * SPLIT multiplies shares (basis and holding period unchanged); RENAME changes the symbol; SPINOFF moves
 * `basisFraction` of each part's basis into a new lot of `toSymbol` (`${lotId}:${actionId}`, shares × ratio, the
 * parent's holding-period start). Returns the lots a RENAME renamed and the lots a SPINOFF opened.
 */
export const applyCorporateAction = (
  lots: Iterable<OpenLot>,
  fact: CorporateActionFact,
): { renamed: OpenLot[]; opened: OpenLot[] } => {
  const renamed: OpenLot[] = [];
  const opened: OpenLot[] = [];
  const covered = new Set(fact.lotIds);
  for (const lot of lots) {
    if (lot.trackingId !== fact.trackingId || lot.symbol !== fact.symbol) continue;
    // Only the lots the tracking's application named: others were bought on the effective date (the ex-date) or
    // later, came from a broker file (adjusted shares), or have an application of their own.
    if (!covered.has(lot.lotId)) continue;
    if (fact.action === 'SPLIT') {
      for (const part of lot.parts) part.shares = part.shares.mul(fact.ratio);
    } else if (fact.action === 'RENAME') {
      if (fact.toSymbol === null) continue;
      lot.symbol = fact.toSymbol;
      renamed.push(lot);
    } else if (fact.toSymbol !== null) {
      const spun = lot.parts.map((part) => {
        const moved = part.basis === null ? null : part.basis.mul(fact.basisFraction);
        part.basis = part.basis === null || moved === null ? null : part.basis.sub(moved);
        return {
          shares: part.shares.mul(fact.ratio),
          basis: moved,
          holdingStart: part.holdingStart,
          adjustments: [],
        };
      });
      opened.push({
        lotId: `${lot.lotId}:${fact.actionId}`,
        trackingId: lot.trackingId,
        symbol: fact.toSymbol,
        acquiredOn: lot.acquiredOn,
        parts: spun.filter((part) => part.shares.gt(ZERO)),
      });
    }
  }
  return { renamed, opened };
};
