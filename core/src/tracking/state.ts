import { type Decimal, dec, ZERO } from '../shared/decimal';
import type { ActionType, Compensation, OrderExecuted, TrackingEvent } from './events';
import {
  closeFromJson,
  closeLots,
  DEFAULT_LOT_METHOD,
  type Lot,
  type LotClose,
  type LotMethod,
  lotsInCloseOrder,
  openLot,
  pickLots,
  removeLot,
  reopenLots,
} from './lots';

export type TrackingSettings = {
  readonly fractionalShares: boolean;
  readonly autoTracking: boolean;
  readonly numberOfWeightings: number;
  /** How a SELL picks its lots when the order names none. */
  readonly lotMethod: LotMethod;
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
  readonly setting: { readonly name: SettingName; readonly from: boolean | number | string } | null;
  /** Orders: the lot a BUY opened (its id is the action id) or the lots a SELL closed. */
  readonly lots: { readonly opened: boolean; readonly closed: readonly LotClose[] } | null;
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
  /** The open lots (acquired, then id): per symbol they always hold exactly the position. */
  readonly lots: readonly Lot[];
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
  changes: Partial<
    Pick<TrackingAction, 'cashChange' | 'targetChange' | 'positionChange' | 'setting' | 'lots'>
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
  reverted: false,
  revertedBy: null,
  revertsActionId: null,
});

/** Removes `shares` of `symbol` from the lots, starting with `lotId`'s lot, then by HIFO (see compensateLots). */
const takeShares = (lots: readonly Lot[], symbol: string, shares: Decimal, lotId: string): Lot[] => {
  const own = lots.find((lot) => lot.lotId === lotId);
  if (own?.shares.gte(shares)) return closeLots(lots, [{ ...own, shares }]);
  const rest = shares.sub(own?.shares ?? ZERO);
  const others = removeLot(lots, lotId);
  const closes =
    pickLots(others, symbol, rest, DEFAULT_LOT_METHOD) ?? lotsInCloseOrder(others, symbol, 'HIFO');
  return closeLots(others, closes);
};

/**
 * The lots after a revert. Reverts record what they do to the lots (`compensation.lots`). Reverts recorded before
 * lots existed do not: a reverted BUY takes its shares out of its own lot (then, should a later sale have used some
 * of them — the old rules allowed it — out of the symbol's other lots by HIFO); a reverted SELL opens again the
 * closes its action recorded, or — in a fold without the history (the read side) — one lot of its shares at the
 * sale's price, dated at the tracking's creation: the best that fold can know (only reverts of sales recorded
 * before lots existed meet this; the API reads lots from a full fold).
 */
const compensateLots = (state: ActiveTracking, c: Compensation, revertedId: string): Lot[] => {
  if (c.lots) {
    let lots: readonly Lot[] = state.lots;
    for (const lotId of c.lots.remove ?? []) lots = removeLot(lots, lotId);
    const reopen = (c.lots.reopen ?? []).map((close) => closeFromJson(close.symbol, close));
    return reopenLots(lots, reopen);
  }
  const [change] = c.positions;
  if (!change) return [...state.lots];
  const shares = dec(change.shares);
  if (shares.isNegative()) return takeShares(state.lots, change.symbol, shares.neg(), revertedId);
  const recorded = state.actions.find((entry) => entry.actionId === revertedId)?.lots?.closed;
  if (recorded) return reopenLots(state.lots, recorded);
  const price = shares.isZero() ? ZERO : dec(c.cash).neg().div(shares).abs();
  return reopenLots(state.lots, [
    { lotId: revertedId, symbol: change.symbol, shares, costPerShare: price, acquiredAt: state.createdAt },
  ]);
};

const compensate = (state: ActiveTracking, c: Compensation, revertId: string, revertedId: string) => {
  let positions = state.positions;
  for (const { symbol, shares } of c.positions) positions = withPosition(positions, symbol, dec(shares));
  const lots = compensateLots(state, c, revertedId);
  const actions = state.actions.map((entry) =>
    entry.actionId === revertedId ? { ...entry, reverted: true, revertedBy: revertId } : entry,
  );
  return {
    ...state,
    cash: state.cash.add(dec(c.cash)),
    targetAmount: state.targetAmount.add(dec(c.targetAmount)),
    positions,
    lots,
    settings: { ...state.settings, ...c.settings },
    actions,
  };
};

/** The price an order was filled at: the user's fill, else the snapshot price it was recorded against. */
export const fillPriceOf = (event: OrderExecuted): Decimal => dec(event.data.fillPrice ?? event.data.price);

/** When an order was executed: the user's date, else when it was recorded. */
export const executedAtOf = (event: OrderExecuted): string => event.data.executedAt ?? event.data.occurredAt;

/**
 * The lots a SELL closes: those it recorded, else (SELLs recorded before lots existed) by HIFO, the only method
 * there was — as far as the lots reach (they always do: they hold the position).
 */
const closesOf = (state: ActiveTracking, event: OrderExecuted): LotClose[] => {
  const { symbol } = event.data;
  if (event.data.lots) return event.data.lots.map((close) => closeFromJson(symbol, close));
  const shares = dec(event.data.shares);
  return (
    pickLots(state.lots, symbol, shares, DEFAULT_LOT_METHOD) ??
    lotsInCloseOrder(state.lots, symbol, DEFAULT_LOT_METHOD)
  );
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
        lotMethod: DEFAULT_LOT_METHOD,
      },
      lots: [],
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
      const fill = fillPriceOf(event);
      const closed = orderType === 'SELL' ? closesOf(state, event) : [];
      const lots =
        orderType === 'BUY'
          ? openLot(state.lots, {
              lotId: id,
              symbol,
              shares: shares,
              costPerShare: fill,
              acquiredAt: executedAtOf(event),
            })
          : closeLots(state.lots, closed);
      return record(
        action(id, 'EXECUTE_ORDER', occurredAt, {
          cashChange,
          positionChange: { symbol, shares },
          lots: { opened: orderType === 'BUY', closed },
        }),
        {
          positions: withPosition(state.positions, symbol, shares),
          lots,
          cash: state.cash.add(cashChange),
          lastPrices: new Map(state.lastPrices).set(symbol, fill),
        },
      );
    }
    case 'LotMethodChanged':
      return record(
        action(id, 'CHANGE_LOT_METHOD', event.data.occurredAt, {
          setting: { name: 'lotMethod', from: event.data.previousLotMethod },
        }),
        { settings: { ...state.settings, lotMethod: event.data.lotMethod } },
      );
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
