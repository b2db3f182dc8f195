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
});
