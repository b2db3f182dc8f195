import type { RatePoint as ServedPoint } from '@etf-replicator/core/contracts/trackings';
import { dec } from '@etf-replicator/core/shared/decimal';

export type RatePoint = { step: number; label: string; timestamp: string; rate: number };

/**
 * The served rate history as chart points: the first (the tracking's creation) is "Start", then one per action.
 * Recharts plots numbers; the rate is rounded to the hundredth it is shown with.
 */
export const rateChartPoints = (points: readonly ServedPoint[]): RatePoint[] =>
  points.map((point, index) => ({
    step: index,
    label: index === 0 ? 'Start' : String(index),
    timestamp: point.timestamp,
    rate: dec(point.rate).toDecimalPlaces(2).toNumber(),
  }));
