import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV', () => {
  it('leaves plain cells alone and writes null as empty', () => {
    expect([csvCell('OrderExecuted'), csvCell(42), csvCell(null), csvCell(undefined)]).toEqual([
      'OrderExecuted',
      '42',
      '',
      '',
    ]);
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell('{"symbol":"AAPL","shares":"3"}')).toBe('"{""symbol"":""AAPL"",""shares"":""3""}"');
  });

  it('defuses cells a spreadsheet would run as formulas, but not numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('+1')).toBe('+1');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', 'x,y'],
      ]),
    ).toBe('a,b\r\n1,"x,y"\r\n');
    expect(toCsv([])).toBe('');
  });
});
