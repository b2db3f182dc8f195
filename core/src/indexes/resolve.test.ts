import { describe, expect, it } from 'vitest';
import { replicate } from '../replication/replicate';
import { indexComposition } from './composition';
import { checkIndexDefinition } from './definition';
import { type IndexMarket, resolveIndex } from './resolve';
import { INDUSTRY_SCREENS, screenIndustries, unclassifiedWeightShare } from './screens';

const market: IndexMarket = {
  etfs: new Map([
    [
      'VTI',
      [
        { symbol: 'AAPL', weightPercentage: '60', price: '200', sector: 'Information Technology' },
        { symbol: 'XOM', weightPercentage: '30', price: '100', sector: 'Energy' },
        { symbol: 'SMALL', weightPercentage: '10', price: null, sector: null },
      ],
    ],
    [
      'QQQ',
      [
        { symbol: 'AAPL', weightPercentage: '50', price: '201', sector: 'Information Technology' },
        { symbol: 'NVDA', weightPercentage: '50', price: '150', sector: 'Information Technology' },
      ],
    ],
  ]),
  prices: new Map([
    ['A', '10'],
    ['B', '30'],
    ['MO', '50'],
  ]),
  knownSymbols: new Set(['A', 'B', 'MO', 'DELISTED']),
  classification: new Map([
    ['AAPL', { sector: 'Information Technology', industry: 'Technology Hardware, Storage & Peripherals' }],
    ['XOM', { sector: 'Energy', industry: 'Integrated Oil & Gas' }],
    ['MO', { sector: 'Consumer Staples', industry: 'Tobacco' }],
  ]),
};

describe('resolveIndex (worked examples)', () => {
  it('blends 70 % VTI + 30 % QQQ: overlaps summed, prices from the first ETF that has one', () => {
    const blend = checkIndexDefinition({
      type: 'blend',
      parts: [
        { symbol: 'VTI', weight: 70 },
        { symbol: 'QQQ', weight: 30 },
      ],
    });
    const { holdings } = resolveIndex(blend, market);
    // AAPL 0.7 × 60 + 0.3 × 50 = 42 + 15 = 57; XOM 0.7 × 30 = 21; SMALL 0.7 × 10 = 7; NVDA 0.3 × 50 = 15.
    // Σ = 57 + 21 + 7 + 15 = 100. AAPL keeps VTI's price (200), the first part that prices it.
    expect(holdings.map((h) => [h.symbol, h.weightPercentage, h.price])).toEqual([
      ['AAPL', '57', '200'],
      ['XOM', '21', '100'],
      ['SMALL', '7', null],
      ['NVDA', '15', '150'],
    ]);
    expect(holdings[1]?.industry).toBe('Integrated Oil & Gas');
  });

  it('lists unpriced custom symbols with their reason and the engine leaves them out', () => {
    const list = checkIndexDefinition({
      type: 'custom',
      holdings: [
        { symbol: 'A', weight: 40 },
        { symbol: 'B', weight: 40 },
        { symbol: 'DELISTED', weight: 10 },
        { symbol: 'ZZZZ', weight: 10 },
      ],
    });
    const resolved = resolveIndex(list, market);
    expect(resolved.unpriced).toEqual([
      {
        symbol: 'DELISTED',
        weight: '10',
        reason: 'NO_PRICE',
        message: 'DELISTED: the market data has no price for it',
      },
      {
        symbol: 'ZZZZ',
        weight: '10',
        reason: 'NOT_IN_MARKET_DATA',
        message: 'ZZZZ: not in the market data (check the ticker)',
      },
    ]);
    const result = replicate(resolved.holdings, '100');
    expect(result.investments.map((line) => line.symbol)).toEqual(['A', 'B']);
    expect(result.excluded).toEqual([
      { symbol: 'DELISTED', reason: 'NO_PRICE' },
      { symbol: 'ZZZZ', reason: 'NO_PRICE' },
    ]);
  });

  it('replicates a 50/50 custom list of $10 and $30 stocks with $100 as 4 A + 2 B at 90 %', () => {
    // Targets $50 each. Round down: 5 A ($50) + 1 B ($30), RR = 50 % + 30 % = 80 %, $20 left.
    // Selling one A pays for a second B: 4 A ($40) + 2 B ($60): RR = min(40, 50) + min(60, 50) = 90 %, $0 left.
    // Nothing beats it: 7 A + 1 B = 70 → 50 + 30 = 80; 2 A + 2 B → 20 + 50 = 70.
    const list = checkIndexDefinition({
      type: 'custom',
      holdings: [
        { symbol: 'A', weight: 1 },
        { symbol: 'B', weight: 1 },
      ],
    });
    const result = replicate(resolveIndex(list, market).holdings, '100');
    expect(result.investments).toEqual([
      { symbol: 'A', numberOfShares: '4', amountInvested: '40.00' },
      { symbol: 'B', numberOfShares: '2', amountInvested: '60.00' },
    ]);
    expect(result.replicationRate).toBe('90');
    expect(result.leftoverAmount).toBe('0.00');
  });

  it('screens tobacco out of a custom list: the rest is re-weighted and the ETF rate stays against the list', () => {
    // MO 50 % (Tobacco) is left out; A and B share the $100 50/50 as above: 4 A + 2 B, RR 90 %.
    // Index rate = min(40 / 100, 25 %) + min(60 / 100, 25 %) = 50 %.
    const list = checkIndexDefinition({
      type: 'custom',
      holdings: [
        { symbol: 'MO', weight: 50 },
        { symbol: 'A', weight: 25 },
        { symbol: 'B', weight: 25 },
      ],
    });
    const result = replicate(resolveIndex(list, market).holdings, '100', {
      exclusions: { industries: screenIndustries(['tobacco']) },
    });
    expect(result.investments.map((line) => [line.symbol, line.numberOfShares])).toEqual([
      ['A', '4'],
      ['B', '2'],
    ]);
    expect(result.replicationRate).toBe('90');
    expect(result.etfReplicationRate).toBe('50');
  });

  it('refuses an index naming an ETF without holdings', () => {
    expect(() => resolveIndex({ type: 'etf', symbol: 'NOPE' }, market)).toThrow(
      'No holdings are known for NOPE, so it cannot be part of an index',
    );
  });
});

describe('screens and composition', () => {
  it('lists each screen with its industries and refuses an unknown one', () => {
    expect(INDUSTRY_SCREENS.map((screen) => screen.id)).toEqual([
      'tobacco',
      'aerospace-defence',
      'fossil-fuels',
      'casinos-gaming',
    ]);
    expect(screenIndustries(['casinos-gaming', 'tobacco', 'tobacco'])).toEqual([
      'Casinos & Gaming',
      'Tobacco',
    ]);
    expect(() => screenIndustries(['weapons'])).toThrow('Unknown screen "weapons"');
  });

  it('says how much of the index has no industry: 70 % VTI + 30 % QQQ', () => {
    // With industries: AAPL 57, XOM 21 = 78 of 100; without: SMALL 7 + NVDA 15 = 22 %.
    const resolved = resolveIndex(
      {
        type: 'blend',
        parts: [
          { symbol: 'VTI', weight: '70' },
          { symbol: 'QQQ', weight: '30' },
        ],
      },
      market,
    );
    expect(unclassifiedWeightShare(resolved.holdings)).toBe('22');
    const composition = indexComposition(resolved);
    expect(composition.holdings.map((h) => [h.symbol, h.weight])).toEqual([
      ['AAPL', '57'],
      ['XOM', '21'],
      ['NVDA', '15'],
      ['SMALL', '7'],
    ]);
    // Information Technology = AAPL 57 + NVDA 15 = 72; Energy 21; SMALL has no sector: Unclassified 7.
    expect(composition.sectors).toEqual([
      { sector: 'Information Technology', weight: '72' },
      { sector: 'Energy', weight: '21' },
      { sector: 'Unclassified', weight: '7' },
    ]);
    expect(composition.unclassifiedWeight).toBe('22');
  });
});
