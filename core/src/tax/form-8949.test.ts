import { describe, expect, it } from 'vitest';
import { dec } from '../shared/decimal';
import { FORM_8949_COLUMNS, form8949, form8949Csv } from './form-8949';
import type { ClosedRow } from './ledger-types';

const closed = (overrides: Partial<ClosedRow> & Pick<ClosedRow, 'proceeds' | 'basis'>): ClosedRow => {
  const adjustment = overrides.adjustment ?? dec('0');
  return {
    saleId: 's',
    lotId: 'a',
    trackingId: 't1',
    symbol: 'AMZN',
    shares: dec('3'),
    acquiredOn: '2026-01-05',
    soldOn: '2026-03-02',
    code: adjustment.gt(0) ? 'W' : '',
    adjustment,
    gain: overrides.basis === null ? null : overrides.proceeds.sub(overrides.basis).add(adjustment),
    term: 'SHORT',
    harvestId: null,
    ...overrides,
  };
};

describe('Form 8949 lines', () => {
  it('computes (h) from the rounded cells: 10.01 − 5.00 = 5.01, not the exact 5.001 rounded to 5.00', () => {
    // (d) 3 × 3.335 = 10.005 → 10.01 (half up); (e) 5.004 → 5.00; (h) = 10.01 − 5.00 + 0.00 = 5.01.
    const [section] = form8949([closed({ proceeds: dec('10.005'), basis: dec('5.004') })]);
    expect(section?.lines.map(({ row: _row, ...cells }) => cells)).toEqual([
      {
        description: '3 sh AMZN',
        acquired: '01/05/2026',
        sold: '03/02/2026',
        proceeds: '10.01',
        basis: '5.00',
        code: '',
        adjustment: '0.00',
        gain: '5.01',
      },
    ]);
  });

  it('rounds (g) before combining it: 0.125 − 0.114 + 0.005 → 0.13 − 0.11 + 0.01 = 0.03', () => {
    // Exact: 0.125 − 0.114 + 0.005 = 0.016 (0.02 rounded); from the cells it is 0.03, which is what the form adds.
    const [section] = form8949([
      closed({ proceeds: dec('0.125'), basis: dec('0.114'), adjustment: dec('0.005'), code: 'W' }),
    ]);
    expect(
      section?.lines.map((line) => [line.proceeds, line.basis, line.code, line.adjustment, line.gain]),
    ).toEqual([['0.13', '0.11', 'W', '0.01', '0.03']]);
  });

  it('writes a loss with a minus sign and never "-0.00"', () => {
    const [section] = form8949([
      closed({ proceeds: dec('4000'), basis: dec('5000'), adjustment: dec('1000'), code: 'W' }),
      closed({ proceeds: dec('99.994'), basis: dec('100') }),
    ]);
    expect(section?.lines.map((line) => line.gain)).toEqual(['0.00', '-0.01']);
  });
});

describe('Form 8949 parts, boxes and totals', () => {
  const rows = [
    closed({ proceeds: dec('10.005'), basis: dec('5.004') }),
    closed({ symbol: 'X', proceeds: dec('10.005'), basis: dec('12'), adjustment: dec('1.995'), code: 'W' }),
    closed({ symbol: 'Y', proceeds: dec('7'), basis: null, term: 'SHORT' }),
    closed({ symbol: 'Z', proceeds: dec('50'), basis: dec('20'), acquiredOn: '2024-01-05', term: 'LONG' }),
    closed({ symbol: 'W', proceeds: dec('8'), basis: null, term: 'LONG', acquiredOn: '2024-01-05' }),
    closed({ symbol: 'Q', proceeds: dec('9'), basis: dec('10'), acquiredOn: null, term: 'UNKNOWN' }),
  ];

  it('sorts lines into I-A, I-B, II-D, II-E and unknown, with totals summed from the rounded cells', () => {
    const sections = form8949(rows);
    expect(sections.map((s) => [s.part, s.box, s.lines.length])).toEqual([
      ['I', 'A', 2],
      ['I', 'B', 1],
      ['II', 'D', 1],
      ['II', 'E', 1],
      ['UNKNOWN', null, 1],
    ]);
    // I-A: (d) 10.01 + 10.01 = 20.02 (exact 20.01); (e) 5.00 + 12.00 = 17.00; (g) 0.00 + 2.00 = 2.00;
    // (h) 5.01 + (10.01 − 12.00 + 2.00 = 0.01) = 5.02.
    expect(sections[0]?.totals).toEqual({
      proceeds: '20.02',
      basis: '17.00',
      adjustment: '2.00',
      gain: '5.02',
    });
    expect(sections[1]?.totals).toEqual({
      proceeds: '7.00',
      basis: 'UNKNOWN',
      adjustment: '0.00',
      gain: 'UNKNOWN',
    });
    expect(sections[2]?.totals).toEqual({
      proceeds: '50.00',
      basis: '20.00',
      adjustment: '0.00',
      gain: '30.00',
    });
    expect(sections[4]?.lines[0]?.acquired).toBe('UNKNOWN');
    expect(sections[4]?.lines[0]?.gain).toBe('-1.00');
  });

  it('writes the CSV: title, header, each section with its title, lines and totals, CRLF', () => {
    const csv = form8949Csv(rows.slice(0, 4), 'Form 8949, 2026, all trackings');
    expect(csv).toBe(
      [
        '"Form 8949, 2026, all trackings"',
        FORM_8949_COLUMNS.join(','),
        'Part I - Short-term - Box A (basis reported to the IRS)',
        '3 sh AMZN,01/05/2026,03/02/2026,10.01,5.00,,0.00,5.01',
        '3 sh X,01/05/2026,03/02/2026,10.01,12.00,W,2.00,0.01',
        'Total,,,20.02,17.00,,2.00,5.02',
        'Part I - Short-term - Box B (basis unknown)',
        '3 sh Y,01/05/2026,03/02/2026,7.00,UNKNOWN,,0.00,UNKNOWN',
        'Total,,,7.00,UNKNOWN,,0.00,UNKNOWN',
        'Part II - Long-term - Box D (basis reported to the IRS)',
        '3 sh Z,01/05/2024,03/02/2026,50.00,20.00,,0.00,30.00',
        'Total,,,50.00,20.00,,0.00,30.00',
        '',
      ].join('\r\n'),
    );
    expect(form8949Csv([])).toBe(`${FORM_8949_COLUMNS.join(',')}\r\n`);
  });
});
