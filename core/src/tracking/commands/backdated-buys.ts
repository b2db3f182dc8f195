import type { CorporateActionRecorded } from '../../market-data/corporate-action-event';
import { nyTradeDate } from '../../tax/trade-date';
import type { CorporateActionApplied, OrderExecuted, TrackingEvent } from '../events';
import { spinOffLotId } from '../evolve-corporate-action';
import { evolve, executedAtOf, type Tracking } from '../state';
import { applyCorporateAction } from './corporate-action';

/* Issue 32: a BUY recorded after a corporate action it predates follows that action, like the lots held then. */

/** What a tracking needs of a recorded action (market data's CorporateActionRecorded). */
export type RecordedAction = Pick<
  CorporateActionRecorded,
  'actionId' | 'type' | 'symbol' | 'toSymbol' | 'ratio' | 'basisFraction' | 'effectiveOn'
>;

/** The BUYs among `events` (a command's events) dated before `today`: the only ones an action can predate. */
export const backdatedBuys = (events: readonly TrackingEvent[], today: string): OrderExecuted[] =>
  events.filter(
    (event): event is OrderExecuted =>
      event.type === 'OrderExecuted' &&
      event.data.orderType === 'BUY' &&
      nyTradeDate(executedAtOf(event)) < today,
  );

/**
 * The CorporateActionApplied the lots of `buys` need, `state` being the tracking after them: every recorded action
 * effective after a BUY's trade date and on or before `today`, in effective-date order, applied to those lots only
 * (and to the lots a spin-off of them opened, which later actions on the new stock follow too). Never other lots:
 * lots from a broker file already list adjusted shares. Each event id comes from `eventIdOf(actionId, lotIds)`
 * (deterministic, so a retry appends nothing twice and it differs from the action's first application).
 */
export const followRecordedActions = (
  state: Tracking,
  buys: readonly OrderExecuted[],
  actions: readonly RecordedAction[],
  {
    now,
    today,
    eventIdOf,
  }: { now: Date; today: string; eventIdOf: (actionId: string, lotIds: string[]) => string },
): CorporateActionApplied[] => {
  if (buys.length === 0) return [];
  const earliest = buys.map((buy) => nyTradeDate(executedAtOf(buy))).sort()[0] ?? today;
  const due = actions
    .filter((action) => action.effectiveOn > earliest && action.effectiveOn <= today)
    .sort((a, b) => (a.effectiveOn < b.effectiveOn ? -1 : a.effectiveOn > b.effectiveOn ? 1 : 0));
  const lotIds = new Set(buys.map((buy) => buy.id));
  const applied: CorporateActionApplied[] = [];
  let current = state;
  for (const action of due) {
    const [event] = applyCorporateAction(
      {
        type: 'ApplyCorporateAction',
        data: { ...action, lotIds: [...lotIds] },
        metadata: { now, eventId: action.actionId },
      },
      current,
    );
    if (!event) continue;
    const covered = event.data.lotsBefore.map((lot) => lot.lotId).sort();
    const identified = { ...event, id: eventIdOf(action.actionId, covered) };
    applied.push(identified);
    current = evolve(current, identified);
    if (action.type === 'SPINOFF') for (const id of covered) lotIds.add(spinOffLotId(id, action.actionId));
  }
  return applied;
};
