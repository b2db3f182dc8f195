import type { RateAlertMark, RateSnapshotMark } from '@etf-replicator/core/contracts/trackings';
import { dec } from '@etf-replicator/core/shared/decimal';
import type { RatePoint } from './rate-chart-points';

export type SnapshotMark = { label: string; publishedAt: string; asOf: string | null; provider: string };
export type AlertMark = {
  label: string;
  raisedAt: string;
  rate: number;
  currentRate: string;
  referenceRate: string | null;
};

/** The label of the last point at or before `at`: the chart's x axis counts actions, marks happened between them. */
const labelAt = (points: readonly RatePoint[], at: string): string | undefined => {
  const time = Date.parse(at);
  return points.filter((point) => Date.parse(point.timestamp) <= time).at(-1)?.label ?? points[0]?.label;
};

/**
 * Where the ETF's new snapshots and the tracking's drift alerts go on the rate chart (issue 20): each on the action
 * it followed. An alert's dot sits at the rate it measured, rounded to the hundredth like the line.
 */
export const rateChartMarks = (
  points: readonly RatePoint[],
  snapshots: readonly RateSnapshotMark[],
  alerts: readonly RateAlertMark[],
): { snapshots: SnapshotMark[]; alerts: AlertMark[] } => ({
  snapshots: snapshots.flatMap((snapshot) => {
    const label = labelAt(points, snapshot.publishedAt);
    return label === undefined ? [] : [{ label, ...snapshot }];
  }),
  alerts: alerts.flatMap((alert) => {
    const label = labelAt(points, alert.raisedAt);
    return label === undefined
      ? []
      : [
          {
            label,
            raisedAt: alert.raisedAt,
            rate: dec(alert.currentRate).toDecimalPlaces(2).toNumber(),
            currentRate: alert.currentRate,
            referenceRate: alert.referenceRate,
          },
        ];
  }),
});
