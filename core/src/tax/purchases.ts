import type { TrackingEvent } from '../tracking/events';
import { evolve, executedAtOf, initialState, type Tracking } from '../tracking/state';
import type { Purchase } from './wash-sale';

/** Every BUY of a tracking that still counts (not reverted, alone or with its harvest), for the wash-sale check. */
export const purchasesOf = (events: readonly TrackingEvent[], trackingLabel: string): Purchase[] => {
  const state = events.reduce<Tracking>(evolve, initialState());
  if (state.status === 'Empty') return [];
  const reverted = new Set(
    state.actions.filter((action) => action.reverted).map((action) => action.actionId),
  );
  return events.flatMap((event) =>
    event.type === 'OrderExecuted' && event.data.orderType === 'BUY' && !reverted.has(event.id)
      ? [{ lotId: event.id, symbol: event.data.symbol, acquiredAt: executedAtOf(event), trackingLabel }]
      : [],
  );
};
