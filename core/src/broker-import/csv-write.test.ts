import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv-write';
import { parsePositions } from './parse-positions';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv([['a,b', 'say "hi"', 'x\ny', 'plain']])).toBe('"a,b","say ""hi""","x\ny",plain\r\n');
  });

  it('defuses text that a spreadsheet would evaluate, keeps numbers', () => {
    expect(['=1+2', '+A1', '-2+3', '@SUM(A1)', '\tx'].map((text) => csvCell({ text }))).toEqual([
      "'=1+2",
      "'+A1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvCell({ number: '-12.5' })).toBe('-12.5');
    expect(() => csvCell({ number: '=1' })).toThrow();
  });

  it('writes what the plain import reads back', () => {
    const text = toCsv([
      ['symbol', 'shares', 'costBasis', 'acquired'],
      ['BRK.B', { number: '1.5' }, { number: '600' }, '2024-01-02'],
    ]);
    const parsed = parsePositions(text);
    expect(
      parsed.ok &&
        parsed.rows.map((row) => [row.symbol, row.shares.toFixed(), row.costBasis?.toFixed(), row.acquired]),
    ).toEqual([['BRK.B', '1.5', '600', '2024-01-02']]);
  });
});
