import { describe, expect, it } from 'vitest';
import { MAX_BARS, unrealisedChartData } from './unrealised-chart-data';

const holding = (symbol: string, gain: string | null) => ({ symbol, gain });

describe('unrealisedChartData', () => {
  it('orders bars from the largest gain to the largest loss and marks each kind', () => {
    const data = unrealisedChartData([
      holding('MSFT', '-12.5'),
      holding('AAPL', '40.10'),
      holding('NVDA', '0'),
      holding('AMZN', '-300.25'),
    ]);
    expect(data.points).toEqual([
      { symbol: 'AAPL', gain: 40.1, gainText: '40.10', kind: 'gain', gainBar: 40.1, lossBar: null },
      { symbol: 'NVDA', gain: 0, gainText: '0', kind: 'gain', gainBar: 0, lossBar: null },
      { symbol: 'MSFT', gain: -12.5, gainText: '-12.5', kind: 'loss', gainBar: null, lossBar: -12.5 },
      { symbol: 'AMZN', gain: -300.25, gainText: '-300.25', kind: 'loss', gainBar: null, lossBar: -300.25 },
    ]);
    expect(data).toMatchObject({ total: 4, limited: false });
  });

  it('leaves out holdings without a price', () => {
    const data = unrealisedChartData([holding('AAPL', null), holding('MSFT', '1')]);
    expect(data.points.map((point) => point.symbol)).toEqual(['MSFT']);
    expect(data.total).toBe(1);
  });

  it('keeps the largest gains and losses, half each, when there are too many holdings', () => {
    const many = Array.from({ length: 30 }, (_, index) => holding(`G${index}`, String(index + 1))).concat(
      Array.from({ length: 30 }, (_, index) => holding(`L${index}`, String(-(index + 1)))),
    );
    const data = unrealisedChartData(many);
    expect(data.points).toHaveLength(MAX_BARS);
    expect(data).toMatchObject({ total: 60, limited: true });
    expect(data.points[0]?.symbol).toBe('G29');
    expect(data.points.filter((point) => point.kind === 'gain')).toHaveLength(MAX_BARS / 2);
    expect(data.points.at(-1)?.symbol).toBe('L29');
    expect(data.points.filter((point) => point.kind === 'loss').map((point) => point.symbol)).toContain(
      'L20',
    );
  });

  it('gives a side with few bars room to the other', () => {
    const many = Array.from({ length: 25 }, (_, index) => holding(`G${index}`, String(index + 1))).concat([
      holding('L0', '-1'),
    ]);
    const data = unrealisedChartData(many);
    expect(data.points).toHaveLength(MAX_BARS);
    expect(data.points.filter((point) => point.kind === 'loss')).toHaveLength(1);
  });
});
