import type { TaxTradeoffResponse } from '@etf-replicator/core/contracts/tax-budget';
import { describe, expect, it } from 'vitest';
import { tradeoffChartData } from './tradeoff-chart-data';

const tradeoff = (currentMaxNetGain: string | null): TaxTradeoffResponse => ({
  year: 2026,
  allowShortTermGains: false,
  yearRealisedNetGain: '0',
  unconstrainedRealisedNetGain: '450',
  currentMaxNetGain,
  points: [
    { maxNetGain: '0.00', replicationRate: '84', realisedNetGain: '-30', sells: 2, buys: 1 },
    { maxNetGain: '225.00', replicationRate: '92.5', realisedNetGain: '210', sells: 2, buys: 1 },
    { maxNetGain: '450.00', replicationRate: '100', realisedNetGain: '450', sells: 2, buys: 1 },
    { maxNetGain: null, replicationRate: '100', realisedNetGain: '450', sells: 2, buys: 1 },
  ],
  plan: { maxNetGain: '0.00', years: null, horizonYears: 10, rates: [], assumptions: [] },
});

describe('tradeoffChartData', () => {
  it('draws one point per budget, the no-limit end once, and marks the budget where it lies', () => {
    const data = tradeoffChartData(tradeoff('225.00'), true);
    expect(data.points.map((point) => [point.budget, point.rate, point.gainText])).toEqual([
      [0, 84, '-30'],
      [225, 92.5, '210'],
      [450, 100, '450'],
    ]);
    expect(data.current).toBe(225);
    expect(data.enough?.budgetText).toBe('450.00');
  });

  it('puts a budget beyond the curve, or no limit, at its end; none set marks nothing', () => {
    expect(tradeoffChartData(tradeoff('5000.00'), true).current).toBe(450);
    expect(tradeoffChartData(tradeoff(null), true).current).toBe(450);
    expect(tradeoffChartData(tradeoff(null), false).current).toBeNull();
  });
});
