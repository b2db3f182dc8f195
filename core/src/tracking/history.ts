import { indexLabel } from '../indexes/definition';
import type { ActionType, TrackingEvent } from './events';

/** One line of the tracking's history as the history view shows it (spec 2 §3 "History entry"). */
export type HistoryEntry = {
  /** The event id: what RevertAction takes as actionId. */
  readonly id: string;
  readonly timestamp: string;
  readonly actionType: ActionType;
  readonly details: {
    readonly orderType: 'BUY' | 'SELL' | null;
    readonly shares: string | null;
    readonly symbol: string | null;
    /** Money moved: the order's amount, or the target change. */
    readonly amount: string | null;
    /** New value of a setting (toggles, number of weightings). */
    readonly value: boolean | number | string | null;
    /** For REVERT: the action it undid. */
    readonly revertedActionId: string | null;
  };
  readonly reverted: boolean;
  readonly revertedBy: string | null;
};

const details = (partial: Partial<HistoryEntry['details']>): HistoryEntry['details'] => ({
  orderType: null,
  shares: null,
  symbol: null,
  amount: null,
  value: null,
  revertedActionId: null,
  ...partial,
});

/** Derives the history, oldest first, from a tracking's events. Creation and deletion are not actions. */
export const trackingHistory = (events: readonly TrackingEvent[]): HistoryEntry[] => {
  const revertedBy = new Map<string, string>();
  for (const event of events)
    if (event.type === 'ActionReverted') revertedBy.set(event.data.actionId, event.id);
  const entries: HistoryEntry[] = [];
  const push = (event: TrackingEvent, actionType: ActionType, entryDetails: HistoryEntry['details']) =>
    entries.push({
      id: event.id,
      timestamp: event.data.occurredAt,
      actionType,
      details: entryDetails,
      reverted: revertedBy.has(event.id),
      revertedBy: revertedBy.get(event.id) ?? null,
    });
  for (const event of events) {
    switch (event.type) {
      case 'OrderExecuted': {
        const { orderType, shares, symbol, amount } = event.data;
        push(event, 'EXECUTE_ORDER', details({ orderType, shares, symbol, amount }));
        break;
      }
      case 'TargetRaised':
        push(event, 'RAISE_TARGET', details({ amount: event.data.amount }));
        break;
      case 'TargetLowered':
        push(event, 'LOWER_TARGET', details({ amount: event.data.amount }));
        break;
      case 'CashAdded':
        push(event, 'ADD_CASH', details({ amount: event.data.amount }));
        break;
      case 'FractionalSharesToggled':
        push(event, 'TOGGLE_FRACTIONAL', details({ value: event.data.fractionalShares }));
        break;
      case 'AutoTrackingToggled':
        push(event, 'TOGGLE_AUTO_TRACKING', details({ value: event.data.autoTracking }));
        break;
      case 'NumberOfWeightingsChanged':
        push(event, 'CHANGE_NUMBER_OF_WEIGHTINGS', details({ value: event.data.numberOfWeightings }));
        break;
      case 'LotMethodChanged':
        push(event, 'CHANGE_LOT_METHOD', details({ value: event.data.lotMethod }));
        break;
      case 'TaxBudgetSet': {
        const budget = event.data.taxBudget;
        push(
          event,
          'SET_TAX_BUDGET',
          details({ amount: budget?.maxNetGain ?? null, value: budget?.year ?? null }),
        );
        break;
      }
      case 'HoldingsExcluded':
      case 'HoldingsIncluded': {
        const { symbols, sectors, industries } = event.data;
        const named = [...symbols, ...sectors, ...industries].join(', ');
        const type = event.type === 'HoldingsExcluded' ? 'EXCLUDE_HOLDINGS' : 'INCLUDE_HOLDINGS';
        push(event, type, details({ value: named }));
        break;
      }
      case 'IndexChanged':
        push(event, 'CHANGE_INDEX', details({ value: indexLabel(event.data.index) }));
        break;
      case 'HarvestRecorded':
        push(event, 'HARVEST', details({ symbol: event.data.symbol, amount: event.data.realisedLoss }));
        break;
      case 'ReplacementKept':
        push(
          event,
          'KEEP_REPLACEMENT',
          details({ symbol: event.data.symbol, value: event.data.replacement }),
        );
        break;
      case 'CorporateActionApplied': {
        // value: the ticker a rename or spin-off leads to, else the split ratio.
        const { symbol, toSymbol, ratio } = event.data;
        push(event, 'CORPORATE_ACTION', details({ symbol, value: toSymbol ?? ratio }));
        break;
      }
      case 'ActionReverted': {
        // A revert shows what it undid (e.g. the order's type, shares and symbol).
        const undone = entries.find((entry) => entry.id === event.data.actionId);
        push(event, 'REVERT', { ...(undone?.details ?? details({})), revertedActionId: event.data.actionId });
        break;
      }
      default:
        break;
    }
  }
  return entries;
};
