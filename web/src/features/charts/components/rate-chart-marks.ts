import type { RateAlertMark, RateSnapshotMark } from '@etf-replicator/core/contracts/trackings';
import { dec } from '@etf-replicator/core/shared/decimal';
import type { RatePoint } from './rate-chart-points';

export type SnapshotMark = { time: number; publishedAt: string; asOf: string | null; provider: string };
export type AlertMark = {
  time: number;
  raisedAt: string;
  rate: number;
  currentRate: string;
  referenceRate: string | null;
};

/**
 * Where the ETF's new snapshots (new prices) and the tracking's drift alerts go on the rate chart's date axis: at
 * their own time, never before the tracking's first point. An alert's dot sits at the rate it measured, rounded to
 * the hundredth like the line.
 */
export const rateChartMarks = (
  points: readonly RatePoint[],
  snapshots: readonly RateSnapshotMark[],
  alerts: readonly RateAlertMark[],
): { snapshots: SnapshotMark[]; alerts: AlertMark[] } => {
  const start = points[0]?.time;
  if (start === undefined) return { snapshots: [], alerts: [] };
  const at = (instant: string) => Math.max(start, Date.parse(instant));
  return {
    snapshots: snapshots.map((snapshot) => ({ time: at(snapshot.publishedAt), ...snapshot })),
    alerts: alerts.map((alert) => ({
      time: at(alert.raisedAt),
      raisedAt: alert.raisedAt,
      rate: dec(alert.currentRate).toDecimalPlaces(2).toNumber(),
      currentRate: alert.currentRate,
      referenceRate: alert.referenceRate,
    })),
  };
};

const HOUR = 3_600_000;

/** The x axis: the points' and marks' span; a span under an hour is widened so the axis has room for ticks. */
export const rateChartDomain = (
  points: readonly RatePoint[],
  marks: { snapshots: readonly SnapshotMark[]; alerts: readonly AlertMark[] },
): [number, number] => {
  const times = [...points, ...marks.snapshots, ...marks.alerts].map((item) => item.time);
  const [from, to] = [Math.min(...times), Math.max(...times)];
  const middle = (from + to) / 2;
  return to - from >= HOUR ? [from, to] : [middle - HOUR / 2, middle + HOUR / 2];
};
