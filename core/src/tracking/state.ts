import { type Decimal, dec, ZERO } from '../shared/decimal';
import type { ActionType, Compensation, TrackingEvent } from './events';

export type TrackingSettings = {
  readonly fractionalShares: boolean;
  readonly autoTracking: boolean;
  readonly numberOfWeightings: number;
};

type SettingName = keyof TrackingSettings;

/** Drift alerts (issue 20): on by default, 2 points below the rate reached after the last executed order. */
export type DriftAlertSetting = {
  readonly enabled: boolean;
  /** Replication-rate points, decimal string ("2"). */
  readonly thresholdPoints: string;
};

export const DEFAULT_DRIFT_ALERT: DriftAlertSetting = { enabled: true, thresholdPoints: '2' };

const NO_DRIFT = { openAlertId: null, alertedSnapshotIds: [] } as const;

/** Snapshots a tracking remembers having alerted for; a drift check is only ever late by a few. */
export const DRIFT_SNAPSHOTS_KEPT = 50;

/** One entry of the tracking's history, with what it changed (so that it can be reverted and checked). */
export type TrackingAction = {
  /** Id of the event that recorded it. */
  readonly actionId: string;
  readonly type: ActionType;
  readonly occurredAt: string;
  readonly cashChange: Decimal;
  readonly targetChange: Decimal;
  readonly positionChange: { readonly symbol: string; readonly shares: Decimal } | null;
  readonly setting: { readonly name: SettingName; readonly from: boolean | number } | null;
  readonly reverted: boolean;
  readonly revertedBy: string | null;
  /** For REVERT entries: the action they undid. */
  readonly revertsActionId: string | null;
};

export type TrackingData = {
  readonly trackingId: string;
  readonly userId: string;
  readonly symbol: string;
  readonly targetAmount: Decimal;
  /** Target amount minus what recorded orders spent (at their own prices). Negative = bought beyond the target. */
  readonly cash: Decimal;
  /** Shares per symbol; symbols at zero are removed. */
  readonly positions: ReadonlyMap<string, Decimal>;
  readonly settings: TrackingSettings;
  /**
   * The price each symbol's last recorded order was executed at: values a position whose symbol the newest snapshot
   * no longer prices. Kept by the fold so that nothing has to walk the history for it.
   */
  readonly lastPrices: ReadonlyMap<string, Decimal>;
  /** The buy-only raise the target currently honours (a later target change, or its revert, ends it). */
  readonly buyOnlyActionId: string | null;
  readonly driftAlert: DriftAlertSetting;
  /**
   * The open drift alert (the DriftAlertRaised event id) until the tracking recovers or the user acts, and the
   * snapshots alerts were raised for (the latest DRIFT_SNAPSHOTS_KEPT): at most one alert per snapshot.
   */
  readonly drift: { readonly openAlertId: string | null; readonly alertedSnapshotIds: readonly string[] };
  /**
   * The history, for reverts. A fold may start from a state whose history was left out (the read side stores the
   * state without it): everything else in the state is complete without it.
   */
  readonly actions: readonly TrackingAction[];
  readonly createdAt: string;
};

export type Tracking =
  | { readonly status: 'Empty' }
  | ({ readonly status: 'Active' } & TrackingData)
  | ({ readonly status: 'Deleted'; readonly deletedAt: string } & TrackingData);

export type ActiveTracking = Extract<Tracking, { status: 'Active' }>;

export const initialState = (): Tracking => ({ status: 'Empty' });

const withPosition = (positions: ReadonlyMap<string, Decimal>, symbol: string, change: Decimal) => {
  const next = new Map(positions);
  const shares = (next.get(symbol) ?? ZERO).add(change);
  if (shares.isZero()) next.delete(symbol);
  else next.set(symbol, shares);
  return next;
};

const action = (
  actionId: string,
  type: ActionType,
  occurredAt: string,
  changes: Partial<Pick<TrackingAction, 'cashChange' | 'targetChange' | 'positionChange' | 'setting'>>,
): TrackingAction => ({
  actionId,
  type,
  occurredAt,
  cashChange: changes.cashChange ?? ZERO,
  targetChange: changes.targetChange ?? ZERO,
  positionChange: changes.positionChange ?? null,
  setting: changes.setting ?? null,
  reverted: false,
  revertedBy: null,
  revertsActionId: null,
});

const compensate = (state: ActiveTracking, c: Compensation, revertId: string, revertedId: string) => {
  let positions = state.positions;
  for (const { symbol, shares } of c.positions) positions = withPosition(positions, symbol, dec(shares));
  const actions = state.actions.map((entry) =>
    entry.actionId === revertedId ? { ...entry, reverted: true, revertedBy: revertId } : entry,
  );
  return {
    ...state,
    cash: state.cash.add(dec(c.cash)),
    targetAmount: state.targetAmount.add(dec(c.targetAmount)),
    positions,
    settings: { ...state.settings, ...c.settings },
    actions,
  };
};

/** Applies one event. Never throws on a recorded event: anything it cannot apply leaves the state unchanged. */
export const evolve = (state: Tracking, event: TrackingEvent): Tracking => {
  if (event.type === 'TrackingCreated') {
    if (state.status !== 'Empty') return state;
    const { data } = event;
    return {
      status: 'Active',
      trackingId: data.trackingId,
      userId: data.userId,
      symbol: data.symbol,
      targetAmount: dec(data.targetAmount),
      cash: dec(data.targetAmount),
      positions: new Map(),
      settings: {
        fractionalShares: data.fractionalShares,
        autoTracking: data.autoTracking,
        numberOfWeightings: data.numberOfWeightings,
      },
      lastPrices: new Map(),
      buyOnlyActionId: null,
      driftAlert: DEFAULT_DRIFT_ALERT,
      drift: NO_DRIFT,
      actions: [],
      createdAt: data.occurredAt,
    };
  }
  if (state.status !== 'Active') return state;
  // Every action is the user acting: an open drift alert closes (the next crossing may alert again).
  const record = (entry: TrackingAction, next: Partial<ActiveTracking> = {}): Tracking => ({
    ...state,
    ...next,
    drift: { ...state.drift, openAlertId: null },
    actions: [...state.actions, entry],
  });
  const { id } = event;
  switch (event.type) {
    case 'OrderExecuted': {
      const { symbol, orderType, occurredAt } = event.data;
      const sign = orderType === 'BUY' ? 1 : -1;
      const shares = dec(event.data.shares).mul(sign);
      const cashChange = dec(event.data.amount).mul(-sign);
      return record(
        action(id, 'EXECUTE_ORDER', occurredAt, { cashChange, positionChange: { symbol, shares } }),
        {
          positions: withPosition(state.positions, symbol, shares),
          cash: state.cash.add(cashChange),
          lastPrices: new Map(state.lastPrices).set(symbol, dec(event.data.price)),
        },
      );
    }
    case 'TargetRaised':
    case 'TargetLowered': {
      const sign = event.type === 'TargetRaised' ? 1 : -1;
      const change = dec(event.data.amount).mul(sign);
      const type = event.type === 'TargetRaised' ? 'RAISE_TARGET' : 'LOWER_TARGET';
      const buyOnly = event.type === 'TargetRaised' && event.data.buyOnly === true;
      return record(action(id, type, event.data.occurredAt, { cashChange: change, targetChange: change }), {
        targetAmount: state.targetAmount.add(change),
        cash: state.cash.add(change),
        buyOnlyActionId: buyOnly ? id : null,
      });
    }
    case 'FractionalSharesToggled':
      return record(
        action(id, 'TOGGLE_FRACTIONAL', event.data.occurredAt, {
          setting: { name: 'fractionalShares', from: state.settings.fractionalShares },
        }),
        { settings: { ...state.settings, fractionalShares: event.data.fractionalShares } },
      );
    case 'AutoTrackingToggled':
      return record(
        action(id, 'TOGGLE_AUTO_TRACKING', event.data.occurredAt, {
          setting: { name: 'autoTracking', from: state.settings.autoTracking },
        }),
        { settings: { ...state.settings, autoTracking: event.data.autoTracking } },
      );
    case 'NumberOfWeightingsChanged':
      return record(
        action(id, 'CHANGE_NUMBER_OF_WEIGHTINGS', event.data.occurredAt, {
          setting: { name: 'numberOfWeightings', from: event.data.previousNumberOfWeightings },
        }),
        { settings: { ...state.settings, numberOfWeightings: event.data.numberOfWeightings } },
      );
    case 'ActionReverted': {
      const { actionId, compensation, occurredAt } = event.data;
      // The decider recorded this revert against a live action; a history-less fold (read side) trusts that fact.
      if (state.actions.some((entry) => entry.actionId === actionId && entry.reverted)) return state;
      const next = compensate(state, compensation, id, actionId);
      return {
        ...next,
        drift: { ...state.drift, openAlertId: null },
        buyOnlyActionId: state.buyOnlyActionId === actionId ? null : state.buyOnlyActionId,
        actions: [...next.actions, { ...action(id, 'REVERT', occurredAt, {}), revertsActionId: actionId }],
      };
    }
    case 'TrackingDeleted':
      return { ...state, status: 'Deleted', deletedAt: event.data.occurredAt };
    case 'DriftAlertSettingsChanged':
      // Not an action (changes no money, not revertible): the history view lists it from the event itself.
      return {
        ...state,
        driftAlert: { enabled: event.data.enabled, thresholdPoints: event.data.thresholdPoints },
        drift: { ...state.drift, openAlertId: null },
      };
    case 'DriftAlertRaised':
      return {
        ...state,
        drift: {
          openAlertId: id,
          alertedSnapshotIds: [...state.drift.alertedSnapshotIds, event.data.snapshotEventId].slice(
            -DRIFT_SNAPSHOTS_KEPT,
          ),
        },
      };
    case 'DriftRecovered':
      return { ...state, drift: { ...state.drift, openAlertId: null } };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};
