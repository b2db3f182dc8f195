import { describe, expect, it } from 'vitest';
import { allocationChartData, OTHERS } from './allocation-chart-data';

describe('Allocation chart data', () => {
  it('pairs current and target per symbol, largest target first, liquidations last', () => {
    const data = allocationChartData(
      [
        { symbol: 'OLD', amountInvested: '50.005' },
        { symbol: 'AAPL', amountInvested: '270.00' },
      ],
      [
        { symbol: 'AAPL', amountInvested: '540.00' },
        { symbol: 'MSFT', amountInvested: '800.10' },
      ],
    );
    expect(data).toEqual([
      { symbol: 'MSFT', current: 0, target: 800.1 },
      { symbol: 'AAPL', current: 270, target: 540 },
      { symbol: 'OLD', current: 50.01, target: 0 },
    ]);
  });

  it('sums the smallest holdings into one Others bar', () => {
    const target = Array.from({ length: 5 }, (_, index) => ({
      symbol: `S${index}`,
      amountInvested: String(100 - index),
    }));
    const data = allocationChartData([], target, 3);
    expect(data.map((point) => point.symbol)).toEqual(['S0', 'S1', OTHERS]);
    expect(data[2]).toEqual({ symbol: OTHERS, current: 0, target: 98 + 97 + 96 });
  });
});
