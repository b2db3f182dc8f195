import { dec } from '../shared/decimal';
import { PersistentMap } from '../shared/persistent-map';
import { AppendOnlyList } from '../shared/readonly-list';
import { action, OPENED, recorded, withoutOpenAlert } from './action-entry';
import type { TrackingEvent } from './events';
import { compensate, withPosition } from './evolve-compensation';
import { evolveCorporateAction } from './evolve-corporate-action';
import { closesOf, executedAtOf, fillPriceOf } from './evolve-lots';
import { NO_EXCLUSIONS, withExcluded, withIncluded } from './exclusions';
import { LotBook } from './lot-book';
import { closeLots, DEFAULT_LOT_METHOD } from './lots';
import { DEFAULT_DRIFT_ALERT, DRIFT_SNAPSHOTS_KEPT, NO_DRIFT, type Tracking } from './state-types';
import { indexFields } from './tracking-index';

export { executedAtOf, fillPriceOf } from './evolve-lots';
export * from './state-types';

export const initialState = (): Tracking => ({ status: 'Empty' });

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
      ...(data.index ? { index: data.index } : {}),
      targetAmount: dec(data.targetAmount),
      cash: dec(data.targetAmount),
      positions: PersistentMap.empty(),
      settings: {
        fractionalShares: data.fractionalShares,
        autoTracking: data.autoTracking,
        numberOfWeightings: data.numberOfWeightings,
        lotMethod: data.lotMethod ?? DEFAULT_LOT_METHOD,
      },
      lots: LotBook.empty(),
      lastPrices: PersistentMap.empty(),
      buyOnlyActionId: null,
      driftAlert: DEFAULT_DRIFT_ALERT,
      exclusions: NO_EXCLUSIONS,
      drift: NO_DRIFT,
      substitutions: [],
      actions: AppendOnlyList.empty(),
      createdAt: data.occurredAt,
    };
  }
  if (state.status !== 'Active') return state;
  const { id } = event;
  switch (event.type) {
    case 'OrderExecuted': {
      const { symbol, orderType, occurredAt } = event.data;
      const bought = dec(event.data.shares);
      const paid = dec(event.data.amount);
      const shares = orderType === 'BUY' ? bought : bought.neg();
      const cashChange = orderType === 'BUY' ? paid.neg() : paid;
      const fill = fillPriceOf(event);
      const closed = orderType === 'SELL' ? closesOf(state, event) : [];
      // A BUY's lot is appended (nothing copied); a SELL rewrites only its own symbol's lots.
      const book = LotBook.from(state.lots);
      const lots =
        orderType === 'BUY'
          ? book.withOpened({
              lotId: id,
              symbol,
              shares: shares,
              costPerShare: fill,
              acquiredAt: executedAtOf(event),
              costKnown: true,
              dateKnown: true,
            })
          : book.withSymbol(symbol, closeLots(book.ofSymbol(symbol), closed));
      return recorded(
        state,

        action(id, 'EXECUTE_ORDER', occurredAt, {
          cashChange,
          positionChange: { symbol, shares },
          lots: orderType === 'BUY' ? OPENED : { opened: false, closed },
          harvestId: event.data.harvestId ?? null,
        }),
        {
          positions: withPosition(state.positions, symbol, shares),
          lots,
          cash: state.cash.add(cashChange),
          lastPrices: PersistentMap.from(state.lastPrices).with(symbol, fill),
        },
      );
    }
    case 'LotMethodChanged':
      return recorded(
        state,

        action(id, 'CHANGE_LOT_METHOD', event.data.occurredAt, {
          setting: { name: 'lotMethod', from: event.data.previousLotMethod },
        }),
        { settings: { ...state.settings, lotMethod: event.data.lotMethod } },
      );
    case 'TaxBudgetSet':
      return recorded(
        state,
        action(id, 'SET_TAX_BUDGET', event.data.occurredAt, {
          setting: { name: 'taxBudget', from: event.data.previous },
        }),
        { settings: { ...state.settings, taxBudget: event.data.taxBudget } },
      );
    case 'HoldingsExcluded': {
      const { mode, previous, occurredAt } = event.data;
      return recorded(state, action(id, 'EXCLUDE_HOLDINGS', occurredAt, { exclusionsBefore: previous }), {
        exclusions: withExcluded(state.exclusions, event.data, mode),
      });
    }
    case 'HoldingsIncluded': {
      const { previous, occurredAt } = event.data;
      return recorded(state, action(id, 'INCLUDE_HOLDINGS', occurredAt, { exclusionsBefore: previous }), {
        exclusions: withIncluded(state.exclusions, event.data),
      });
    }
    case 'TargetRaised':
    case 'TargetLowered': {
      const sign = event.type === 'TargetRaised' ? 1 : -1;
      const change = dec(event.data.amount).mul(sign);
      const type = event.type === 'TargetRaised' ? 'RAISE_TARGET' : 'LOWER_TARGET';
      const buyOnly = event.type === 'TargetRaised' && event.data.buyOnly === true;
      return recorded(
        state,
        action(id, type, event.data.occurredAt, { cashChange: change, targetChange: change }),
        {
          targetAmount: state.targetAmount.add(change),
          cash: state.cash.add(change),
          buyOnlyActionId: buyOnly ? id : null,
        },
      );
    }
    case 'IndexChanged': {
      const { index, previous, occurredAt } = event.data;
      return recorded(
        state,
        { ...action(id, 'CHANGE_INDEX', occurredAt, {}), indexBefore: previous },
        indexFields(index),
      );
    }
    case 'CashAdded': {
      const change = dec(event.data.amount);
      return recorded(state, action(id, 'ADD_CASH', event.data.occurredAt, { cashChange: change }), {
        cash: state.cash.add(change),
      });
    }
    case 'FractionalSharesToggled':
      return recorded(
        state,

        action(id, 'TOGGLE_FRACTIONAL', event.data.occurredAt, {
          setting: { name: 'fractionalShares', from: state.settings.fractionalShares },
        }),
        { settings: { ...state.settings, fractionalShares: event.data.fractionalShares } },
      );
    case 'AutoTrackingToggled':
      return recorded(
        state,

        action(id, 'TOGGLE_AUTO_TRACKING', event.data.occurredAt, {
          setting: { name: 'autoTracking', from: state.settings.autoTracking },
        }),
        { settings: { ...state.settings, autoTracking: event.data.autoTracking } },
      );
    case 'NumberOfWeightingsChanged':
      return recorded(
        state,

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
      const { harvestId } = compensation;
      const substitutions =
        harvestId === undefined
          ? state.substitutions
          : event.data.actionType === 'HARVEST'
            ? state.substitutions.filter((sub) => sub.harvestId !== harvestId)
            : state.substitutions.map((sub) => (sub.harvestId === harvestId ? { ...sub, kept: false } : sub));
      return {
        ...next,
        substitutions,
        drift: withoutOpenAlert(state.drift),
        buyOnlyActionId: state.buyOnlyActionId === actionId ? null : state.buyOnlyActionId,
        actions: AppendOnlyList.from(next.actions).append({
          ...action(id, 'REVERT', occurredAt, {}),
          revertsActionId: actionId,
        }),
      };
    }
    case 'HarvestRecorded': {
      const { symbol, replacement, harvestedAt, occurredAt } = event.data;
      return recorded(state, action(id, 'HARVEST', occurredAt, { harvestId: id }), {
        // Appended, never replacing an earlier harvest of the same stock: reverting this one must leave that
        // one's window as it was (the engine applies them oldest first; a later one only matters once it ends).
        substitutions: [
          ...state.substitutions,
          { harvestId: id, symbol, replacement, harvestedAt, kept: false },
        ],
      });
    }
    case 'ReplacementKept': {
      const { harvestId, occurredAt } = event.data;
      return recorded(state, action(id, 'KEEP_REPLACEMENT', occurredAt, { harvestId }), {
        substitutions: state.substitutions.map((sub) =>
          sub.harvestId === harvestId ? { ...sub, kept: true } : sub,
        ),
      });
    }
    case 'TrackingDeleted':
      return { ...state, status: 'Deleted', deletedAt: event.data.occurredAt };
    case 'PositionsImported': {
      // Not an action (the tracking's starting point, not revertible): lots, positions and cash, no history entry.
      let { positions } = state;
      let lastPrices = PersistentMap.from(state.lastPrices);
      let lots = LotBook.from(state.lots);
      for (const lot of event.data.lots) {
        const shares = dec(lot.shares);
        positions = withPosition(positions, lot.symbol, shares);
        lots = lots.withOpened({
          lotId: lot.lotId,
          symbol: lot.symbol,
          shares,
          costPerShare: dec(lot.costPerShare),
          acquiredAt: lot.acquiredAt,
          costKnown: lot.costBasisGiven,
          dateKnown: lot.acquiredGiven,
        });
        lastPrices = lastPrices.with(lot.symbol, dec(lot.price));
      }
      return { ...state, positions, lots, lastPrices, cash: state.cash.sub(dec(event.data.amount)) };
    }
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
    case 'CorporateActionApplied':
      return evolveCorporateAction(state, event);
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};
