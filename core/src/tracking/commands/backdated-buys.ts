import type { CorporateActionRecorded } from '../../market-data/corporate-action-event';
import { nyTradeDate } from '../../tax/trade-date';
import type { TrackingCommand } from '../commands';
import { decide } from '../decide';
import type { CorporateActionApplied, OrderExecuted, TrackingEvent } from '../events';
import { spinOffLotId } from '../evolve-corporate-action';
import { evolve, executedAtOf, type Tracking } from '../state';
import { applyCorporateAction } from './corporate-action';
import { executeOrders } from './execute-order';

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

/** The recorded actions a command's backdated BUYs follow, as the API read them, and how their events are named. */
export type ActionsToFollow = {
  readonly actions: readonly RecordedAction[];
  readonly today: string;
  readonly eventIdOf: (actionId: string, lotIds: string[]) => string;
};

/**
 * Whether `command` holds a BUY whose fill date is before `today` (only then may a recorded action need following,
 * so only then need the actions be read): an executed order's, or a harvest's replacement. Imports never do.
 */
export const holdsBackdatedBuy = (command: TrackingCommand, today: string): boolean => {
  const before = (executedAt: string | undefined) =>
    executedAt !== undefined && nyTradeDate(executedAt.trim()) < today;
  switch (command.type) {
    case 'ExecuteOrder':
      return command.data.orderType === 'BUY' && before(command.data.executedAt);
    case 'ExecuteOrders':
      return command.data.orders.some((order) => order.orderType === 'BUY' && before(order.executedAt));
    case 'HarvestLosses':
      return before(command.data.buyFill?.executedAt);
    default:
      return false;
  }
};

/**
 * Decides `command` (decide.ts) with each backdated BUY followed by the recorded actions it predates right after
 * it: in a batch before the next order is decided, so a later SELL finds the split lot (issue 32). The result is
 * the same as recording the orders one by one. Without `follow`, exactly decide.
 */
export const decideFollowingActions = (
  command: TrackingCommand,
  state: Tracking,
  follow: ActionsToFollow | undefined,
): TrackingEvent[] => {
  if (!follow) return decide(command, state);
  const following = (decided: readonly TrackingEvent[], after: Tracking) =>
    followRecordedActions(after, backdatedBuys(decided, follow.today), follow.actions, {
      ...follow,
      now: command.metadata.now,
    });
  if (command.type === 'ExecuteOrders') {
    return executeOrders(command, state, (order, after) => following([order], after));
  }
  // One BUY at most (an order, a harvest's replacement): following after the command is following after it.
  const decided = decide(command, state);
  return [...decided, ...following(decided, decided.reduce(evolve, state))];
};
