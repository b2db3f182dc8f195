import { describe, expect, it } from 'vitest';
import { indexCompositionData, TOP_HOLDINGS } from './index-composition-data';

describe('indexCompositionData', () => {
  it('orders sectors and holdings by weight and keeps the ten largest holdings', () => {
    const holdings = Array.from({ length: 12 }, (_, i) => ({ symbol: `S${i}`, weight: String(i + 1) }));
    const data = indexCompositionData({
      sectors: [
        { sector: 'Financials', weight: '25' },
        { sector: 'Information Technology', weight: '75' },
      ],
      holdings,
    });
    expect(data.sectors.map((s) => [s.name, s.weightText])).toEqual([
      ['Information Technology', '75 %'],
      ['Financials', '25 %'],
    ]);
    expect(data.holdings).toHaveLength(TOP_HOLDINGS);
    expect(data.holdings[0]).toEqual({ name: 'S11', weight: 12, weightText: '12 %' });
    expect(data.holdings.at(-1)?.name).toBe('S2');
  });

  it('breaks ties by symbol so the chart never reorders between renders', () => {
    const data = indexCompositionData({
      sectors: [],
      holdings: [
        { symbol: 'MSFT', weight: '33.3333' },
        { symbol: 'AAPL', weight: '33.3333' },
      ],
    });
    expect(data.holdings.map((h) => h.name)).toEqual(['AAPL', 'MSFT']);
  });
});
