import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { parsePriceHistoryCsv, parseSectorsCsv, parseSymbolsCsv } from './reference-csv';
import { priceDateRange, sectorExposure, snapshotCoverage, sortSectors } from './snapshot-content';
import type { SnapshotHolding } from './snapshot-event';
import { parseTickerAliases } from './ticker';

const holding = (symbol: string, weight: string, extra: Partial<SnapshotHolding> = {}): SnapshotHolding => ({
  symbol,
  rawSymbol: symbol,
  name: symbol,
  weightPercentage: weight,
  price: '10',
  priceAsOf: '2025-10-30',
  priceSource: 'test',
  isAvailable: true,
  sharesNumber: null,
  marketValue: null,
  cusip: null,
  isin: null,
  updated: null,
  sector: null,
  ...extra,
});

describe('Snapshot content', () => {
  it('sums holding weights per sector exactly, largest first, leaving unclassified holdings out', () => {
    const holdings = [
      holding('A', '0.1', { sector: 'Energy' }),
      holding('B', '0.2', { sector: 'Energy' }),
      holding('C', '0.25', { sector: 'Utilities' }),
      holding('D', '5', { sector: null }),
    ];
    expect(sectorExposure(holdings)).toEqual([
      { industry: 'Energy', exposure: '0.3' },
      { industry: 'Utilities', exposure: '0.25' },
    ]);
  });

  it('orders equal exposures by name so the order never depends on input order', () => {
    const sectors = [
      { industry: 'B', exposure: '1' },
      { industry: 'A', exposure: '1.0' },
    ];
    expect(sortSectors(sectors).map((s) => s.industry)).toEqual(['A', 'B']);
  });

  it('reports the oldest and newest price date, ignoring unpriced holdings', () => {
    const holdings = [
      holding('A', '1', { priceAsOf: '2026-02-09' }),
      holding('B', '1', { priceAsOf: '2025-10-30' }),
      holding('C', '1', { price: null, priceAsOf: null, isAvailable: false }),
    ];
    expect(priceDateRange(holdings)).toEqual({ pricesFrom: '2025-10-30', pricesTo: '2026-02-09' });
  });

  it('measures the share of weight that has a price', () => {
    const coverage = snapshotCoverage([
      holding('A', '3'),
      holding('B', '1', { price: null, isAvailable: false }),
    ]);
    expect(coverage).toEqual({
      holdingsCount: 2,
      pricedCount: 1,
      totalWeight: '4',
      pricedWeight: '3',
      pricedWeightShare: '75.000',
    });
  });
});

describe('canonicalJson', () => {
  it('serialises equal content identically whatever the key order, and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });
});

describe('Reference files', () => {
  const aliases = parseTickerAliases('alias,canonical\nBRK/B,BRK.B\n');

  it('reads symbols.csv with quoted names, canonical tickers, first occurrence winning', () => {
    const csv = 'symbol,name\nAAPL,Apple Inc. - Common Stock\nBRK/B,"Berkshire, B"\nAAPL,Duplicate\n';
    expect(parseSymbolsCsv(csv, aliases)).toEqual([
      { symbol: 'AAPL', name: 'Apple Inc. - Common Stock' },
      { symbol: 'BRK.B', name: 'Berkshire, B' },
    ]);
  });

  it('reads sectors.csv keyed by canonical symbol with an optional industry', () => {
    const sectors = parseSectorsCsv('symbol,sector,industry,source\nBRK/B,Financials,,x\n', aliases);
    expect(sectors.get('BRK.B')).toEqual({ symbol: 'BRK.B', sector: 'Financials', industry: null });
  });

  it('keeps history closes verbatim and names the bad row', () => {
    expect(parsePriceHistoryCsv('date,close\n1993-01-29,24.11325454711914\n')).toEqual([
      { date: '1993-01-29', close: '24.11325454711914' },
    ]);
    expect(() => parsePriceHistoryCsv('date,close\n1993-01-29,abc\n', 'history/SPY.csv')).toThrow(
      /history\/SPY.csv row 2: close/,
    );
  });
});
