import { describe, expect, it } from 'vitest';
import { sectorExposureData } from './sector-exposure-data';

const etf = [
  { industry: 'Health Care', exposure: 10 },
  { industry: 'Information Technology', exposure: 35.5 },
];

describe('Sector exposure data', () => {
  it('lists the ETF sectors largest first and leaves the tracking out when holdings carry no sector', () => {
    const result = sectorExposureData(etf, [{ asset: 'AAPL' }], [{ symbol: 'AAPL', amountInvested: '100' }]);
    expect(result).toEqual({
      trackingAvailable: false,
      points: [
        { sector: 'Information Technology', etf: 35.5, tracking: null },
        { sector: 'Health Care', etf: 10, tracking: null },
      ],
    });
  });

  it('splits the invested money by sector when holdings have one', () => {
    const result = sectorExposureData(
      etf,
      [
        { asset: 'AAPL', sector: 'Information Technology' },
        { asset: 'LLY', sector: 'Health Care' },
        { asset: 'XOM', sector: 'Energy' },
      ],
      [
        { symbol: 'AAPL', amountInvested: '300' },
        { symbol: 'LLY', amountInvested: '100' },
        { symbol: 'XOM', amountInvested: '100' },
      ],
    );
    expect(result.trackingAvailable).toBe(true);
    expect(result.points).toEqual([
      { sector: 'Information Technology', etf: 35.5, tracking: 60 },
      { sector: 'Health Care', etf: 10, tracking: 20 },
      { sector: 'Energy', etf: 0, tracking: 20 },
    ]);
  });
});
