import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBundledEtfs } from './load-etfs';

describe('loadBundledEtfs', () => {
  const etfs = loadBundledEtfs(resolve(import.meta.dirname, '../../../data/etf'));

  it('loads every full holdings file with prices and none of the partial ones', () => {
    expect(etfs.map((etf) => etf.symbol)).toEqual([
      'DIA',
      'IVV',
      'IWM',
      'MTUM',
      'QQQ',
      'QUAL',
      'SPY',
      'VOO',
      'VTI',
      'VUG',
    ]);
  });

  // SBT is in prices.csv with a price of 0 (an IWM fallback row): unusable, so unavailable like the unpriced five.
  it('keeps unpriced holdings, marked unavailable, and resolves ticker aliases', () => {
    const vti = etfs.find((etf) => etf.symbol === 'VTI')!;
    expect(vti.holdings).toHaveLength(3477);
    expect(
      vti.holdings
        .filter((holding) => !holding.isAvailable)
        .map((holding) => holding.rawSymbol)
        .sort(),
    ).toEqual(['ADTI', 'ARAV', 'CWEN-A', 'GLIBR', 'HYZN', 'SBT']);
    expect(vti.holdings.find((holding) => holding.rawSymbol === 'BRK-B')).toMatchObject({
      symbol: 'BRK.B',
      isAvailable: true,
    });
  });
});
