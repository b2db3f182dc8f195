import { ZERO } from '../shared/decimal';
import { AppendOnlyList } from '../shared/readonly-list';
import type { ActionType } from './events';
import type { ActiveTracking, Tracking, TrackingAction } from './state-types';

/** One history entry as evolve records it: what the action changed (so that it can be reverted), not reverted yet. */
export const action = (
  actionId: string,
  type: ActionType,
  occurredAt: string,
  changes: Partial<
    Pick<
      TrackingAction,
      'cashChange' | 'targetChange' | 'positionChange' | 'setting' | 'lots' | 'exclusionsBefore' | 'harvestId'
    >
  >,
): TrackingAction => ({
  actionId,
  type,
  occurredAt,
  cashChange: changes.cashChange ?? ZERO,
  targetChange: changes.targetChange ?? ZERO,
  positionChange: changes.positionChange ?? null,
  setting: changes.setting ?? null,
  lots: changes.lots ?? null,
  exclusionsBefore: changes.exclusionsBefore ?? null,
  reverted: false,
  revertedBy: null,
  revertsActionId: null,
  harvestId: changes.harvestId ?? null,
});

/** A BUY's lots change, shared by every BUY's history entry (the fold keeps one per action: it adds up). */
export const OPENED = Object.freeze({ opened: true, closed: Object.freeze([]) });

/** The drift with no open alert (the same value when none is open: nothing allocated per action). */
export const withoutOpenAlert = (drift: ActiveTracking['drift']) =>
  drift.openAlertId === null ? drift : { ...drift, openAlertId: null };

/** The state after an action: every action is the user acting, so an open drift alert closes (the next crossing may alert again). */
export const recorded = (
  state: ActiveTracking,
  entry: TrackingAction,
  next: Partial<ActiveTracking> = {},
): Tracking => ({
  ...state,
  ...next,
  drift: withoutOpenAlert(state.drift),
  actions: AppendOnlyList.from(state.actions).append(entry),
});
