import type { RatePoint as ServedPoint } from '@etf-replicator/core/contracts/trackings';
import { dec } from '@etf-replicator/core/shared/decimal';

export type RatePoint = {
  /** When the event happened (ms since the epoch): the chart's x axis is the date (issue 32). */
  time: number;
  timestamp: string;
  /** What happened, in words ("Order recorded"); "Today" for the last state carried to now. */
  event: string;
  rate: number;
  /** The share of the whole ETF held; null on points served before it. */
  etfRate: number | null;
};

const EVENT_NAMES: Readonly<Record<string, string>> = {
  TrackingCreated: 'Tracking created',
  OrderExecuted: 'Order recorded',
  TargetRaised: 'Target raised',
  TargetLowered: 'Target lowered',
  CashAdded: 'Cash added',
  ActionReverted: 'Action reverted',
  HarvestRecorded: 'Tax-loss harvest',
  ReplacementKept: 'Replacement kept',
  PositionsImported: 'Positions imported',
  HoldingsExcluded: 'Holdings excluded',
  HoldingsIncluded: 'Holdings taken back',
  DriftAlertRaised: 'Drift alert',
};

/** "OrderExecuted" → "Order recorded"; unknown types in words ("LotMethodChanged" → "Lot method changed"). */
export const eventName = (eventType: string): string =>
  EVENT_NAMES[eventType] ??
  eventType.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').replace(/ [A-Z]/g, (letter) => letter.toLowerCase());

const rounded = (rate: string) => dec(rate).toDecimalPlaces(2).toNumber();

/**
 * The served rate history as chart points on a date axis, rates rounded to the hundredth they are shown with. The
 * last state holds until now (the history is measured with today's prices), so it is carried to `now`.
 */
export const rateChartPoints = (points: readonly ServedPoint[], now: number = Date.now()): RatePoint[] => {
  const shaped = points.map((point) => ({
    time: Date.parse(point.timestamp),
    timestamp: point.timestamp,
    event: eventName(point.eventType),
    rate: rounded(point.rate),
    etfRate: point.etfRate === undefined ? null : rounded(point.etfRate),
  }));
  const last = shaped.at(-1);
  if (!last || last.time >= now) return shaped;
  return [...shaped, { ...last, time: now, timestamp: new Date(now).toISOString(), event: 'Today' }];
};
