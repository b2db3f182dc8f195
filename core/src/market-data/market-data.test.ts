import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { parseFunds } from './funds';
import { parseHoldingsCsv } from './holdings';
import { joinHoldingsWithPrices } from './join';
import { parsePricesCsv } from './prices';
import { normaliseTicker, parseTickerAliases } from './ticker';

const aliasesCsv = 'alias,canonical\nBRKB,BRK.B\nBRK-B,BRK.B\nBRK/B,BRK.B\n';
const holdingsCsv = [
  'asset,name,isin,cusip,sharesNumber,weightPercentage,price,marketValue,updated',
  'NVDA,NVIDIA Corp.,,,,8.46,,,2025-11-19',
  'BRK-B,Berkshire Hathaway Inc. Class B,,,,1.6,,,2025-11-19',
  'XYZ,"Quoted, Inc.",,,10,0.5,12.34,123.40,2025-11-19',
  '2602335D,CONTRA HOLOGIC,,,,4e-06,,,2025-11-19',
].join('\n');
const pricesCsv =
  'symbol,price,asOf,source\nNVDA,202.89,2025-10-30,screener\nBRK.B,478.01,2025-10-30,screener\n';

describe('Market data', () => {
  describe('parseCsv', () => {
    it('reads quoted fields with commas and escaped quotes, CRLF and a BOM', () => {
      expect(parseCsv('\uFEFFa,b\r\n"x, ""y""",2\r\n\r\n')).toEqual([{ a: 'x, "y"', b: '2' }]);
    });
    it('rejects a row with the wrong number of fields', () => {
      expect(() => parseCsv('a,b\n1\n')).toThrow(/expected 2 fields/);
    });
    it('names the file line of a bad row past blank lines and quoted line breaks', () => {
      expect(() => parseCsv('a,b\n"x\ny",1\n\n3\n')).toThrow('CSV line 5: expected 2 fields, found 1');
      expect(() => parseCsv('a,b\n1,2\n"open,3\n')).toThrow('CSV line 3: a quoted field is never closed');
    });
    it('drops a final lone carriage return', () => {
      expect(parseCsv('a,b\r\n1,2\r')).toEqual([{ a: '1', b: '2' }]);
    });
  });

  describe('normaliseTicker', () => {
    const aliases = parseTickerAliases(aliasesCsv);
    it('maps every alias notation to the dotted canonical form and keeps the raw ticker', () => {
      expect(['BRKB', 'BRK-B', 'BRK/B', ' brk-b '].map((raw) => normaliseTicker(raw, aliases))).toEqual([
        { symbol: 'BRK.B', rawSymbol: 'BRKB' },
        { symbol: 'BRK.B', rawSymbol: 'BRK-B' },
        { symbol: 'BRK.B', rawSymbol: 'BRK/B' },
        { symbol: 'BRK.B', rawSymbol: 'brk-b' },
      ]);
    });
    it('leaves unknown tickers alone apart from case', () => {
      expect(normaliseTicker('aapl', aliases)).toEqual({ symbol: 'AAPL', rawSymbol: 'aapl' });
    });
  });

  describe('parseHoldingsCsv', () => {
    it('types every column and turns empty cells into null', () => {
      const [nvda, , xyz] = parseHoldingsCsv(holdingsCsv);
      expect(nvda).toEqual({
        asset: 'NVDA',
        name: 'NVIDIA Corp.',
        isin: null,
        cusip: null,
        sharesNumber: null,
        weightPercentage: '8.46',
        price: null,
        marketValue: null,
        updated: '2025-11-19',
      });
      expect(xyz).toMatchObject({ name: 'Quoted, Inc.', sharesNumber: '10', price: '12.34' });
    });
    it('writes exponent-form weights as plain decimals', () => {
      expect(parseHoldingsCsv(holdingsCsv)[3]?.weightPercentage).toBe('0.000004');
    });
    it('names the row and column of a bad weight', () => {
      const bad =
        'asset,name,isin,cusip,sharesNumber,weightPercentage,price,marketValue,updated\nA,A,,,,abc,,,';
      expect(() => parseHoldingsCsv(bad)).toThrow(/row 2: weightPercentage/);
    });
  });

  describe('joinHoldingsWithPrices', () => {
    const aliases = parseTickerAliases(aliasesCsv);
    const joined = joinHoldingsWithPrices(
      parseHoldingsCsv(holdingsCsv),
      parsePricesCsv(pricesCsv, aliases),
      aliases,
    );

    it('finds the price of an aliased ticker and keeps the raw ticker', () => {
      expect(joined[1]).toMatchObject({
        symbol: 'BRK.B',
        rawSymbol: 'BRK-B',
        price: '478.01',
        isAvailable: true,
      });
    });
    it('falls back to the holdings file price only when prices.csv has none', () => {
      expect(joined[2]).toMatchObject({ price: '12.34', priceSource: 'holdings-file' });
      const strict = joinHoldingsWithPrices(parseHoldingsCsv(holdingsCsv), new Map(), aliases, {
        fallbackToHoldingPrice: false,
      });
      expect(strict[2]).toMatchObject({ price: null, isAvailable: false });
    });
    it('keeps an unpriced holding, marked unavailable, in its place', () => {
      expect(joined).toHaveLength(4);
      expect(joined[3]).toMatchObject({
        symbol: '2602335D',
        price: null,
        isAvailable: false,
        priceSource: null,
      });
    });
    it('refuses two rows that are the same security', () => {
      const twice = parseHoldingsCsv(`${holdingsCsv}\nBRKB,Berkshire again,,,,0.1,,,`);
      expect(() => joinHoldingsWithPrices(twice, new Map(), aliases)).toThrow(/both BRK.B/);
    });
  });

  describe('parseFunds', () => {
    it('turns JSON numbers into decimal strings and keeps the completeness flag', () => {
      const [fund] = parseFunds(
        JSON.stringify([
          {
            symbol: 'VOO',
            name: 'Vanguard S&P 500 ETF',
            etfCompany: 'Vanguard',
            brand: 'Vanguard',
            website: null,
            assetClass: 'Equity',
            domicile: 'US',
            expenseRatio: 0.03,
            inceptionDate: '2010-09-07',
            isin: null,
            indexTracked: 'S&P 500 Index',
            structure: 'ETF',
            aum: 803941000000,
            sharesOutstanding: 1306900000,
            factsAsOf: '2025-12-01',
            holdingsCount: 503,
            holdingsAsOf: null,
            holdingsFile: 'holdings/VOO.csv',
            holdingsFields: [],
            sectorsList: [{ industry: 'Information Technology', exposure: 34.78 }],
            sectorsSource: null,
            holdingsComplete: true,
          },
        ]),
      );
      expect(fund).toMatchObject({
        expenseRatio: '0.03',
        aum: '803941000000',
        sectorsList: [{ industry: 'Information Technology', exposure: '34.78' }],
        holdingsComplete: true,
      });
    });
  });
});
