import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nyTradeDate, taxYearOf } from './trade-date';

describe('nyTradeDate', () => {
  it('keeps a date alone as it is', () => {
    expect(nyTradeDate('2025-12-31')).toBe('2025-12-31');
  });

  it('judges 19:30 New York on 31 December (00:30 UTC on 1 January) in the old year', () => {
    // EST is UTC−5 in winter: 2026-01-01T00:30Z is 2025-12-31 19:30 in New York.
    expect(nyTradeDate('2026-01-01T00:30:00Z')).toBe('2025-12-31');
    expect(taxYearOf('2026-01-01T00:30:00.000Z')).toBe(2025);
  });

  it('reads an explicit offset as the instant it names', () => {
    // 23:00 at −05:00 in January is 04:00Z next day; New York (EST, −05:00) is still on the 15th.
    expect(nyTradeDate('2026-01-15T23:00:00-05:00')).toBe('2026-01-15');
    // Summer (EDT, UTC−4): 03:59Z on 1 July is 23:59 on 30 June in New York.
    expect(nyTradeDate('2026-07-01T03:59:00Z')).toBe('2026-06-30');
    expect(nyTradeDate('2026-07-01T04:00:00Z')).toBe('2026-07-01');
  });

  it('answers every instant of the minute before New York midnight with the old date, and the next minute the new', () => {
    // EDT (UTC−4): New York's midnight of 1 July is 04:00Z. Instants of one minute share a date (the offsets are
    // whole hours): the answer for 03:59:00Z is reused for 03:59:59.999Z, not for 04:00:00Z.
    expect(nyTradeDate('2026-07-01T03:59:00.000Z')).toBe('2026-06-30');
    expect(nyTradeDate('2026-07-01T03:59:59.999Z')).toBe('2026-06-30');
    expect(nyTradeDate('2026-07-01T04:00:00.000Z')).toBe('2026-07-01');
    expect(nyTradeDate('2026-07-01T03:59:30.000Z')).toBe('2026-06-30');
  });

  it('gives Intl’s New York date for any instant, asked in any order (random instants, many in one minute)', () => {
    const newYork = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Around the 2026 DST changes and year ends, to the millisecond.
    const around = fc.constantFrom(
      Date.parse('2026-03-08T07:00:00Z'),
      Date.parse('2026-11-01T06:00:00Z'),
      Date.parse('2027-01-01T05:00:00Z'),
    );
    const instant = fc
      .tuple(around, fc.integer({ min: -3_600_000, max: 3_600_000 }))
      .map(([at, by]) => at + by);
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (instants) => {
        for (const at of instants) expect(nyTradeDate(new Date(at).toISOString())).toBe(newYork.format(at));
      }),
      { numRuns: 300 },
    );
  });
});
