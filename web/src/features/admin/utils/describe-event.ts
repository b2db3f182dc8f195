import { indexDefinitionSchema, indexLabel } from '@etf-replicator/core/indexes/definition';
import { describeRatio } from '@etf-replicator/core/market-data/corporate-action-event';
import { formatMoney, formatPercent, formatPoints, formatShares } from '@/lib/format';

type Data = Record<string, unknown>;

const text = (data: Data, key: string): string => {
  const value = data[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
};
const money = (data: Data, key: string) => formatMoney(text(data, key));
const shares = (data: Data, key: string) => formatShares(text(data, key));
const onOff = (data: Data, key: string) => (data[key] === true ? 'on' : 'off');
/** "70 % VTI + 30 % QQQ"; a definition this build cannot read is named as such, never guessed. */
const index = (data: Data, key: string) => {
  const parsed = indexDefinitionSchema.safeParse(data[key]);
  return parsed.success ? indexLabel(parsed.data) : 'an unreadable index';
};

/** One line that says what a tracking event did, for the time-travel list and the audit table. */
export const describeEvent = (eventType: string, raw: unknown): string => {
  const data = (typeof raw === 'object' && raw !== null ? raw : {}) as Data;
  if (Object.keys(data).length === 0 && eventType !== 'TrackingDeleted') return eventType;
  switch (eventType) {
    case 'TrackingCreated':
      return `Created ${data.index === undefined ? text(data, 'symbol') : index(data, 'index')} tracking with target ${money(data, 'targetAmount')}`;
    case 'IndexChanged':
      return `Index ${index(data, 'previous')} → ${index(data, 'index')}`;
    case 'OrderExecuted':
      return `${text(data, 'orderType')} ${shares(data, 'shares')} ${text(data, 'symbol')} @ ${money(data, data.fillPrice === undefined ? 'price' : 'fillPrice')}`;
    case 'TargetRaised':
      return `Raised target by ${money(data, 'amount')} to ${money(data, 'targetAmount')}${data.buyOnly ? ' (buy only)' : ''}`;
    case 'TargetLowered':
      return `Lowered target by ${money(data, 'amount')} to ${money(data, 'targetAmount')}`;
    case 'CashAdded':
      return `Added ${money(data, 'amount')} cash to reach the target (cash ${money(data, 'cash')})`;
    case 'FractionalSharesToggled':
      return `Fractional shares ${onOff(data, 'fractionalShares')}`;
    case 'AutoTrackingToggled':
      return `Auto-tracking ${onOff(data, 'autoTracking')}`;
    case 'NumberOfWeightingsChanged':
      return `Weightings ${text(data, 'previousNumberOfWeightings')} → ${text(data, 'numberOfWeightings')}`;
    case 'HoldingsExcluded':
    case 'HoldingsIncluded': {
      const list = (key: string) => (Array.isArray(data[key]) ? (data[key] as unknown[]).map(String) : []);
      const named = [...list('symbols'), ...list('sectors').map((sector) => `sector ${sector}`)].join(', ');
      return eventType === 'HoldingsExcluded'
        ? `Excluded ${named} (${text(data, 'mode') === 'keep' ? 'keep held shares' : 'sell held shares'})`
        : `Took back ${named}`;
    }
    case 'TaxBudgetSet': {
      const budget = (data.taxBudget ?? {}) as Data;
      const limit = budget.maxNetGain == null ? 'no limit' : `at most ${money(budget, 'maxNetGain')}`;
      return `Gains budget ${text(budget, 'year')}: ${limit}${budget.allowShortTermGains === false ? ', no short-term gains' : ''}`;
    }
    case 'LotMethodChanged':
      return `Lot method ${text(data, 'previousLotMethod')} → ${text(data, 'lotMethod')}`;
    case 'DriftAlertSettingsChanged':
      return data.enabled === true
        ? `Drift alert on, ${formatPoints(text(data, 'thresholdPoints'))}`
        : 'Drift alert off';
    case 'DriftAlertRaised':
      return `Drift alert: rate ${formatPercent(text(data, 'referenceRate'))} → ${formatPercent(text(data, 'currentRate'))}`;
    case 'DriftRecovered':
      return `Drift recovered: rate ${formatPercent(text(data, 'currentRate'))}`;
    case 'ActionReverted':
      return `Reverted ${text(data, 'actionType')}`;
    case 'TrackingDeleted':
      return 'Deleted';
    case 'PositionsImported': {
      const lots = Array.isArray(data.lots) ? data.lots.length : 0;
      return `Imported ${lots} ${lots === 1 ? 'lot' : 'lots'} from ${text(data, 'source')} worth ${money(data, 'amount')}`;
    }
    case 'CorporateActionApplied':
    case 'CorporateActionRecorded': {
      const type = text(data, 'type');
      const what =
        type === 'SPLIT'
          ? `Split ${describeRatio(text(data, 'ratio') || '1')} of ${text(data, 'symbol')}`
          : type === 'RENAME'
            ? `${text(data, 'symbol')} renamed ${text(data, 'toSymbol')}`
            : `${text(data, 'symbol')} spun off ${text(data, 'toSymbol')}`;
      const verb =
        eventType === 'CorporateActionApplied'
          ? 'applied'
          : `recorded (${text(data, 'source').toLowerCase()})`;
      return `${what} ${verb}, effective ${text(data, 'effectiveOn')}`;
    }
    default:
      return eventType;
  }
};
