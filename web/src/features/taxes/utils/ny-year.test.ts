import { describe, expect, it } from 'vitest';
import { newYorkYear } from './ny-year';

describe('newYorkYear', () => {
  it('is still the old year at 19:30 New York on 31 December (00:30 UTC on 1 January)', () => {
    expect(newYorkYear(new Date('2027-01-01T00:30:00Z'))).toBe(2026);
  });
  it('turns at midnight New York (05:00 UTC in winter)', () => {
    expect(newYorkYear(new Date('2027-01-01T05:00:00Z'))).toBe(2027);
  });
});
