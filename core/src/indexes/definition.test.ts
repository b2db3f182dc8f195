import { describe, expect, it } from 'vitest';
import { parseCustomListCsv } from './custom-csv';
import { checkIndexDefinition, indexEtfs, indexLabel, needsPaidPlan } from './definition';

const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ symbol: `S${i}`, weight: 1 }));

describe('checkIndexDefinition', () => {
  it('keeps one ETF as it is, upper case', () => {
    expect(checkIndexDefinition({ type: 'etf', symbol: ' voo ' })).toEqual({ type: 'etf', symbol: 'VOO' });
  });

  it('stores a blend with canonical weights when they add up to exactly 100', () => {
    const blend = checkIndexDefinition({
      type: 'blend',
      parts: [
        { symbol: 'vti', weight: 70 },
        { symbol: 'QQQ', weight: '30.0' },
      ],
    });
    expect(blend).toEqual({
      type: 'blend',
      parts: [
        { symbol: 'VTI', weight: '70' },
        { symbol: 'QQQ', weight: '30' },
      ],
    });
    expect(indexLabel(blend)).toBe('70 % VTI + 30 % QQQ');
    expect(indexEtfs(blend)).toEqual(['VTI', 'QQQ']);
    expect(needsPaidPlan(blend)).toBe(true);
  });

  it('refuses a blend whose weights do not add up to 100, naming the total', () => {
    // 60 + 30 = 90.
    expect(() =>
      checkIndexDefinition({
        type: 'blend',
        parts: [
          { symbol: 'VTI', weight: 60 },
          { symbol: 'QQQ', weight: 30 },
        ],
      }),
    ).toThrow("The blend's weights add up to 90 %, not 100 %");
  });

  it('refuses blends of fewer than 2 or more than 10 ETFs', () => {
    expect(() => checkIndexDefinition({ type: 'blend', parts: [{ symbol: 'VTI', weight: 100 }] })).toThrow(
      'A blend has 2 to 10 ETFs; this one has 1',
    );
    expect(() => checkIndexDefinition({ type: 'blend', parts: rows(11) })).toThrow(
      'A blend has 2 to 10 ETFs; this one has 11',
    );
  });

  it('normalises a custom list to 100 %: 1, 1, 2 become 25, 25, 50', () => {
    // Σ = 4; 1 × 100 / 4 = 25 and 2 × 100 / 4 = 50.
    const list = checkIndexDefinition({
      type: 'custom',
      holdings: [
        { symbol: 'AAPL', weight: 1 },
        { symbol: 'MSFT', weight: '1' },
        { symbol: 'brk.b', weight: '2.0000' },
      ],
    });
    expect(list).toEqual({
      type: 'custom',
      holdings: [
        { symbol: 'AAPL', weight: '25' },
        { symbol: 'MSFT', weight: '25' },
        { symbol: 'BRK.B', weight: '50' },
      ],
    });
    expect(indexLabel(list)).toBe('My list (3 stocks)');
    expect(indexEtfs(list)).toEqual([]);
  });

  it('names the row of every bad weight or symbol', () => {
    const custom = (weight: string | number, symbol = 'MO') =>
      checkIndexDefinition({
        type: 'custom',
        holdings: [
          { symbol: 'AAPL', weight: 10 },
          { symbol: 'MSFT', weight: 10 },
          { symbol, weight },
        ],
      });
    expect(() => custom(0)).toThrow('Row 3 (MO): the weight must be greater than 0');
    expect(() => custom('100.5')).toThrow('Row 3 (MO): the weight must be at most 100');
    expect(() => custom('1.23456')).toThrow('Row 3 (MO): the weight may have at most 4 decimals');
    expect(() => custom('-1')).toThrow('Row 3 (MO): the weight must be a number such as 12.5');
    expect(() => custom('abc')).toThrow('Row 3 (MO): the weight must be a number such as 12.5');
    expect(() => custom(1, 'AAPL')).toThrow('Row 3 (AAPL): AAPL is already on row 1');
    expect(() => custom(1, 'NOT A TICKER')).toThrow(
      'Row 3: "NOT A TICKER" is not a ticker symbol such as AAPL',
    );
  });

  it('accepts 1,000 symbols and refuses 1,001', () => {
    expect(checkIndexDefinition({ type: 'custom', holdings: rows(1000) }).type).toBe('custom');
    expect(() => checkIndexDefinition({ type: 'custom', holdings: rows(1001) })).toThrow(
      'A list has 1 to 1,000 symbols; this one has 1001',
    );
  });
});

describe('parseCustomListCsv', () => {
  it('reads symbol,weight rows with an optional header, blank lines and % signs', () => {
    expect(parseCustomListCsv('symbol,weight\r\nAAPL,60\n\nMSFT, 40 %\n')).toEqual([
      { symbol: 'AAPL', weight: '60' },
      { symbol: 'MSFT', weight: '40' },
    ]);
  });

  it('names the line of a row that is not two columns, and refuses an empty or oversized text', () => {
    expect(() => parseCustomListCsv('AAPL,60\nMSFT\n')).toThrow(
      'Line 2: expected two columns, symbol and weight, but found 1',
    );
    expect(() => parseCustomListCsv('symbol,weight\n')).toThrow('The CSV has no rows');
    expect(() => parseCustomListCsv('A,1\n'.repeat(30_000))).toThrow('at most 100,000 are read');
  });
});
