import type { TaxTradeoffResponse } from '@etf-replicator/core/contracts/tax-budget';
import { D } from '@etf-replicator/core/shared/decimal';

export type TradeoffChartPoint = {
  /** The budget in dollars (geometry only; labels use `budgetText`). */
  budget: number;
  rate: number;
  /** Exact decimal strings for labels and tooltips through the format module. */
  budgetText: string;
  rateText: string;
  gainText: string;
};

export type TradeoffChartData = {
  points: TradeoffChartPoint[];
  /** Where the tracking's budget sits on the budget axis (no limit: the curve's end); null when none is set. */
  current: number | null;
  /** The budget at which the best rate is reached first: more buys nothing. */
  enough: TradeoffChartPoint | null;
};

/**
 * The curve as chart points: one per budget from $0 to what today's orders realise ("no limit" is that last budget,
 * so it is not drawn twice). The current budget is marked where it lies, beyond the end drawn at the end.
 */
export const tradeoffChartData = (tradeoff: TaxTradeoffResponse, budgetIsSet: boolean): TradeoffChartData => {
  const points = tradeoff.points
    .filter((point): point is typeof point & { maxNetGain: string } => point.maxNetGain !== null)
    .map((point) => ({
      budget: new D(point.maxNetGain).toNumber(),
      rate: new D(point.replicationRate).toNumber(),
      budgetText: point.maxNetGain,
      rateText: point.replicationRate,
      gainText: point.realisedNetGain,
    }));
  const end = points.at(-1)?.budget ?? 0;
  const current = !budgetIsSet
    ? null
    : tradeoff.currentMaxNetGain === null
      ? end
      : Math.min(new D(tradeoff.currentMaxNetGain).toNumber(), end);
  const best = Math.max(...points.map((point) => point.rate), 0);
  return { points, current, enough: points.find((point) => point.rate === best) ?? null };
};
