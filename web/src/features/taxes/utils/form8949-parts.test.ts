import { describe, expect, it } from 'vitest';
import { form8949Parts } from './form8949-parts';

describe('form8949Parts', () => {
  it('puts the wash sale of the issue in Part I with its W adjustment', () => {
    // 10 AAPL bought at $500 four months ago, sold at $400: proceeds 4,000, basis 5,000, loss 1,000 all
    // disallowed by the buyback → (g) = +1,000 and (h) = 4,000 − 5,000 + 1,000 = 0.
    expect(
      form8949Parts([{ proceeds: '4000', costBasis: '5000', adjustment: '1000', term: 'SHORT' }]),
    ).toEqual([
      {
        part: 'I',
        box: 'A',
        proceeds: '4000.00',
        costBasis: '5000.00',
        adjustment: '1000.00',
        gain: '0.00',
        count: 1,
      },
    ]);
  });

  it('rounds each cell before computing (h): 10.006 − 5.004 is 10.01 − 5.00 = 5.01', () => {
    // Rounded apart, (h) would be round(5.002) = 5.00; from the rounded cells it is 10.01 − 5.00 + 0 = 5.01.
    // Two such rows: Σ (h) = 10.02, Σ (d) = 20.02, Σ (e) = 10.00.
    const row = { proceeds: '10.006', costBasis: '5.004', adjustment: '0', term: 'LONG' as const };
    expect(form8949Parts([row, row])).toEqual([
      {
        part: 'II',
        box: 'D',
        proceeds: '20.02',
        costBasis: '10.00',
        adjustment: '0.00',
        gain: '10.02',
        count: 2,
      },
    ]);
  });

  it('keeps unknown bases and unknown terms apart and never invents a total', () => {
    // Short row 1: 100 − 80 = 20; short row 2: basis unknown → box B, proceeds only; unknown term: its own section.
    const parts = form8949Parts([
      { proceeds: '100', costBasis: '80', adjustment: '0', term: 'SHORT' },
      { proceeds: '50', costBasis: null, adjustment: '0', term: 'SHORT' },
      { proceeds: '30', costBasis: '40', adjustment: '0', term: 'UNKNOWN' },
    ]);
    expect(parts.map((part) => [part.part, part.box, part.proceeds, part.costBasis, part.gain])).toEqual([
      ['I', 'A', '100.00', '80.00', '20.00'],
      ['I', 'B', '50.00', null, null],
      ['UNKNOWN', null, '30.00', '40.00', '-10.00'],
    ]);
  });

  it('has no section without rows', () => {
    expect(form8949Parts([])).toEqual([]);
  });
});
