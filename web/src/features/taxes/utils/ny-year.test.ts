import { describe, expect, it } from 'vitest';
import { newYorkDate, newYorkYear } from './ny-year';

describe('newYorkYear', () => {
  it('is still the old year at 19:30 New York on 31 December (00:30 UTC on 1 January)', () => {
    expect(newYorkYear(new Date('2027-01-01T00:30:00Z'))).toBe(2026);
  });
  it('turns at midnight New York (05:00 UTC in winter)', () => {
    expect(newYorkYear(new Date('2027-01-01T05:00:00Z'))).toBe(2027);
  });
});

describe('newYorkDate', () => {
  it('dates a fill at 20:30 New York on Nov 26 (01:30 UTC on Nov 27) Nov 26', () => {
    expect(newYorkDate('2026-11-27T01:30:00.000Z')).toBe('2026-11-26');
  });
  it('keeps a calendar date as it is', () => {
    expect(newYorkDate('2026-07-27')).toBe('2026-07-27');
  });
});
