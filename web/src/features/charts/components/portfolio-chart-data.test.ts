import { describe, expect, it } from 'vitest';
import { OTHER_HOLDINGS, portfolioAllocationData, portfolioSectorData } from './portfolio-chart-data';

const holding = (symbol: string, weight: string, targetWeight: string) => ({ symbol, weight, targetWeight });

describe('Portfolio chart data', () => {
  it('ranks holdings by the larger of held and target weight, so a stock only targeted still shows', () => {
    const data = portfolioAllocationData([
      holding('XOM', '6.9444444444', '0'),
      holding('AAPL', '37.5', '40'),
      holding('JPM', '0', '5'),
      holding('NVDA', '27.7777777778', '30'),
    ]);
    // max(37.5, 40) = 40, max(27.78, 30) = 30, max(6.94, 0) = 6.94, max(0, 5) = 5; weights rounded half-up to 2.
    expect(data).toEqual([
      { name: 'AAPL', held: 37.5, target: 40 },
      { name: 'NVDA', held: 27.78, target: 30 },
      { name: 'XOM', held: 6.94, target: 0 },
      { name: 'JPM', held: 0, target: 5 },
    ]);
  });

  it('sums the smallest into one Others bar, exactly', () => {
    const data = portfolioAllocationData(
      [
        holding('A', '50', '50'),
        holding('B', '30', '20'),
        holding('C', '10.105', '20'),
        holding('D', '9.895', '10'),
      ],
      3,
    );
    // Kept: A (50) and B (30; C's max is 20 < 30). Others = C + D: held 10.105 + 9.895 = 20, target 20 + 10 = 30.
    expect(data).toEqual([
      { name: 'A', held: 50, target: 50 },
      { name: 'B', held: 30, target: 20 },
      { name: OTHER_HOLDINGS, held: 20, target: 30 },
    ]);
  });

  it('lists sectors largest first, a sector only targeted included', () => {
    expect(
      portfolioSectorData([
        { sector: 'Energy', weight: '6.9444444444', targetWeight: '0' },
        { sector: 'Financials', weight: '0', targetWeight: '5' },
        { sector: 'Information Technology', weight: '93.0555555556', targetWeight: '95' },
      ]),
    ).toEqual([
      { name: 'Information Technology', held: 93.06, target: 95 },
      { name: 'Energy', held: 6.94, target: 0 },
      { name: 'Financials', held: 0, target: 5 },
    ]);
  });
});
