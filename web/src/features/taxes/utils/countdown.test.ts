import { describe, expect, it } from 'vitest';
import { daysUntil, washSaleText } from './countdown';

const at = (instant: string) => new Date(instant);

describe('daysUntil', () => {
  it('counts calendar days, not 24-hour periods', () => {
    expect(daysUntil('2026-12-24', at('2026-11-24T23:59:00Z'))).toBe(30);
    expect(daysUntil('2026-12-24', at('2026-11-24T00:00:00Z'))).toBe(30);
    expect(daysUntil('2026-11-25', at('2026-11-24T12:00:00Z'))).toBe(1);
  });

  it('crosses month and year ends', () => {
    expect(daysUntil('2027-01-02', at('2026-12-31T08:00:00Z'))).toBe(2);
    expect(daysUntil('2028-03-01', at('2028-02-28T08:00:00Z'))).toBe(2); // 2028 is a leap year
  });

  it('is 0 on the day and after it, and for a date it cannot read', () => {
    expect(daysUntil('2026-11-24', at('2026-11-24T10:00:00Z'))).toBe(0);
    expect(daysUntil('2026-11-01', at('2026-11-24T10:00:00Z'))).toBe(0);
    expect(daysUntil('soon', at('2026-11-24T10:00:00Z'))).toBe(0);
  });

  it('accepts an instant and counts to its UTC day', () => {
    expect(daysUntil('2026-11-26T01:00:00.000Z', at('2026-11-24T22:00:00Z'))).toBe(2);
  });
});

describe('washSaleText', () => {
  const now = at('2026-11-24T10:00:00Z');

  it('says clear when nothing blocks the sale', () => {
    expect(washSaleText({ status: 'clear' }, now)).toEqual({ label: 'Clear' });
  });

  it('names the date, the days left and the reason when blocked', () => {
    expect(
      washSaleText({ status: 'blocked', until: '2026-12-24', reason: 'Bought on Nov 24, 2026' }, now),
    ).toEqual({ label: 'Blocked until Dec 24, 2026 — 30 days', reason: 'Bought on Nov 24, 2026' });
    expect(washSaleText({ status: 'blocked', until: '2026-11-25', reason: 'r' }, now).label).toBe(
      'Blocked until Nov 25, 2026 — 1 day',
    );
  });
});
