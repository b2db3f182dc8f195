import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import { describeRatio } from '@etf-replicator/core/market-data/corporate-action-event';
import { washSaleText } from '@/features/taxes/utils/wash-sale-text';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatPoints,
  formatShares,
} from '@/lib/format';

const ACTION_LABELS: Record<string, string> = {
  EXECUTE_ORDER: 'Order executed',
  RAISE_TARGET: 'Target raised',
  LOWER_TARGET: 'Target lowered',
  ADD_CASH: 'Cash added',
  TOGGLE_FRACTIONAL: 'Fractional shares',
  TOGGLE_AUTO_TRACKING: 'Auto-tracking',
  CHANGE_NUMBER_OF_WEIGHTINGS: 'Number of weightings',
  CHANGE_LOT_METHOD: 'Lot method',
  CHANGE_DRIFT_ALERT: 'Drift alert',
  EXCLUDE_HOLDINGS: 'Exclusion',
  INCLUDE_HOLDINGS: 'Exclusion removed',
  DRIFT_ALERT: 'Drift alert raised',
  IMPORT_POSITIONS: 'Positions imported',
  HARVEST: 'Tax-loss harvest',
  KEEP_REPLACEMENT: 'Replacement kept',
  CORPORATE_ACTION: 'Corporate action',
  CHANGE_INDEX: 'Index changed',
  SET_TAX_BUDGET: 'Gains budget',
  REVERT: 'Revert',
};

/** A readable name for an action type; unknown types are shown in words. */
export const actionLabel = (actionType: string): string =>
  ACTION_LABELS[actionType] ??
  actionType
    .toLowerCase()
    .split('_')
    .map((word, index) => (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');

const onOff = (value: boolean | number | string | undefined) =>
  value === true ? 'on' : value === false ? 'off' : String(value);

type Described = Pick<HistoryEntry, 'actionType' | 'details'>;

/** "AAPL, XOM and the Energy sector" */
export const exclusionNames = (
  symbols: readonly string[] = [],
  sectors: readonly string[] = [],
  industries: readonly string[] = [],
): string => {
  const names = [
    ...symbols,
    ...sectors.map((sector) => `the ${sector} sector`),
    ...industries.map((industry) => `the ${industry} industry`),
  ];
  if (names.length <= 1) return names[0] ?? 'nothing';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

/**
 * What an entry did, in one line ("BUY 3 AAPL at $271.40", "Raised by $1,000.00 to $11,000.00"). A revert names
 * the action it undid when that entry is at hand (`undone`).
 */
export const describeEntry = ({ actionType, details }: Described, undone?: Described): string => {
  const money = (value: string | undefined) => (value === undefined ? '' : formatMoney(value));
  switch (actionType) {
    case 'EXECUTE_ORDER': {
      if (!details.orderType || !details.shares || !details.symbol) return 'Order';
      const order = `${details.orderType} ${formatShares(details.shares)} ${details.symbol}`;
      const priced = details.price ? `${order} at ${formatMoney(details.price)}` : order;
      return details.washSale ? `${priced}. ${washSaleText(details.washSale)}` : priced;
    }
    case 'RAISE_TARGET':
    case 'LOWER_TARGET': {
      const verb = actionType === 'RAISE_TARGET' ? 'Raised' : 'Lowered';
      const to = details.targetAmount ? ` to ${money(details.targetAmount)}` : '';
      return `${verb} by ${money(details.amount)}${to}`;
    }
    case 'ADD_CASH':
      return `Added ${money(details.amount)} to reach the target`;
    case 'TOGGLE_FRACTIONAL':
    case 'TOGGLE_AUTO_TRACKING':
      return `Turned ${onOff(details.to)}`;
    case 'CHANGE_LOT_METHOD':
    case 'CHANGE_NUMBER_OF_WEIGHTINGS':
    case 'CHANGE_INDEX':
      return details.from !== undefined
        ? `${String(details.from)} → ${String(details.to)}`
        : `Set to ${String(details.to)}`;
    case 'CHANGE_DRIFT_ALERT':
      return details.to === false
        ? 'Turned off'
        : `${details.from === false ? 'Turned on' : 'Threshold'}: ${formatPoints(details.thresholdPoints)} below the last rate`;
    case 'EXCLUDE_HOLDINGS':
    case 'INCLUDE_HOLDINGS': {
      const named = exclusionNames(details.symbols, details.sectors, details.industries);
      if (actionType === 'INCLUDE_HOLDINGS') return `Took back ${named}`;
      return `Excluded ${named}${details.mode === 'keep' ? ' (held shares kept)' : ''}`;
    }
    case 'DRIFT_ALERT':
      return details.referenceRate
        ? `Rate ${formatPercent(details.referenceRate)} → ${formatPercent(details.currentRate)} after new prices`
        : `Rate ${formatPercent(details.currentRate)} after new prices`;
    case 'IMPORT_POSITIONS': {
      const lots = details.lots ?? 0;
      const stocks = details.stocks ?? 0;
      return `${lots} ${lots === 1 ? 'lot' : 'lots'} of ${stocks} ${stocks === 1 ? 'stock' : 'stocks'}, worth ${money(details.amount)}`;
    }
    case 'HARVEST':
      return `Sold ${details.symbol ?? ''} at a loss of ${money(details.amount)}, bought ${details.replacement ?? ''}; no buy back until ${formatDate(details.windowEndsAt)}`;
    case 'KEEP_REPLACEMENT':
      return `${details.replacement ?? ''} stays instead of ${details.symbol ?? ''}`;
    case 'CORPORATE_ACTION':
      return describeCorporateAction(details);
    case 'SET_TAX_BUDGET':
      return details.taxBudget ? describeTaxBudget(details.taxBudget) : 'Budget removed';
    case 'REVERT':
      return undone && undone.actionType !== 'REVERT'
        ? `Undid ${actionLabel(undone.actionType).toLowerCase()}: ${describeEntry(undone)}`
        : 'Undid an earlier action';
    default:
      return '';
  }
};

/** "Split 10-for-1 applied to NFLX: 3 → 30 shares", "FB renamed META: 4 shares", "DD spun off Q: 5 shares of Q". */
const describeCorporateAction = (details: Described['details']): string => {
  const action = details.corporateAction;
  const symbol = details.symbol ?? '';
  if (!action) return `Corporate action on ${symbol}`;
  const shares = (value: string) => `${formatShares(value)} ${value === '1' ? 'share' : 'shares'}`;
  if (action.type === 'SPLIT')
    return `Split ${describeRatio(action.ratio)} applied to ${symbol}: ${formatShares(action.sharesBefore)} → ${shares(action.sharesAfter)}`;
  if (action.type === 'RENAME')
    return `${symbol} renamed ${action.toSymbol ?? ''}: ${shares(action.sharesAfter)}`;
  return `${symbol} spun off ${action.toSymbol ?? ''}: ${shares(action.sharesAfter)} of ${action.toSymbol ?? ''} for ${shares(action.sharesBefore)} of ${symbol}`;
};

/** "Jul 14, 2026, 09:30" in the browser's time zone, as every other instant in the app. */
export const formatTimestamp = (timestamp: string): string => formatDateTime(timestamp);

/** "2026: at most $5,000.00 of net gains, no short-term gains" (issue 31). */
export const describeTaxBudget = (budget: NonNullable<HistoryEntry['details']['taxBudget']>): string => {
  const limit =
    budget.maxNetGain === null
      ? 'no limit on net gains'
      : `at most ${formatMoney(budget.maxNetGain)} of net gains`;
  return `${budget.year}: ${limit}${budget.allowShortTermGains ? '' : ', no short-term gains'}`;
};
