import { dec } from '../shared/decimal';
import type { CorporateActionApplied, TrackingEvent } from '../tracking/events';
import type { CorporateActionFact } from './ledger-types';

/** Ids of the actions a revert undid (a reverted corporate action leaves no fact). */
export const revertedActionIds = (events: readonly TrackingEvent[]): ReadonlySet<string> =>
  new Set(events.flatMap((event) => (event.type === 'ActionReverted' ? [event.data.actionId] : [])));

/**
 * A tracking's CorporateActionApplied as the ledger's CORPORATE_ACTION fact (issue 32 item 2). `actionId` is the
 * recorded action's id (market data), the one the spin-off lot ids carry (`${lotId}:${actionId}`), as in the fold.
 */
export const corporateActionFactOf = (
  trackingId: string,
  event: CorporateActionApplied,
  seq: number,
): CorporateActionFact => ({
  kind: 'CORPORATE_ACTION',
  actionId: event.data.actionId,
  trackingId,
  action: event.data.type,
  symbol: event.data.symbol,
  toSymbol: event.data.toSymbol,
  ratio: dec(event.data.ratio),
  basisFraction: dec(event.data.basisFraction ?? '0'),
  effectiveOn: event.data.effectiveOn,
  lotIds: event.data.lotsBefore.map((lot) => lot.lotId),
  seq,
});
