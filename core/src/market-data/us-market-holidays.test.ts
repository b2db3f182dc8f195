import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { easterSunday, usMarketHoliday, usMarketHolidays } from './us-market-holidays';

describe('US market holidays', () => {
  it('gives the exchanges’ published 2026 calendar', () => {
    expect([...usMarketHolidays(2026).keys()].sort()).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03', // 4 July is a Saturday
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('observes Saturday holidays on the Friday and Sunday ones on the Monday (2027)', () => {
    expect(usMarketHoliday('2027-06-18')).toBe('Juneteenth');
    expect(usMarketHoliday('2027-07-05')).toBe('Independence Day');
    expect(usMarketHoliday('2027-12-24')).toBe('Christmas Day');
    expect(usMarketHoliday('2027-03-26')).toBe('Good Friday');
    expect(usMarketHoliday('2022-12-26')).toBe('Christmas Day');
  });

  it('never closes on 31 December for a New Year’s Day on a Saturday (2021–22), and knows no Juneteenth before 2022', () => {
    expect(usMarketHoliday('2021-12-31')).toBeNull();
    expect(usMarketHoliday('2022-01-01')).toBeNull();
    expect(usMarketHoliday('2023-01-02')).toBe("New Year's Day");
    expect(usMarketHoliday('2021-06-18')).toBeNull();
  });

  it('knows Good Friday from Easter', () => {
    expect(easterSunday(2025)).toEqual({ year: 2025, month: 4, day: 20 });
    expect(easterSunday(2024)).toEqual({ year: 2024, month: 3, day: 31 });
    expect(usMarketHoliday('2025-04-18')).toBe('Good Friday');
  });

  it('is a weekday and one of ten (nine before 2022) every year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), (year) => {
        const holidays = usMarketHolidays(year);
        const expected = (year >= 2022 ? 10 : 9) - (new Date(Date.UTC(year, 0, 1)).getUTCDay() === 6 ? 1 : 0);
        expect(holidays.size).toBe(expected);
        for (const date of holidays.keys()) {
          const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
          expect(weekday).toBeGreaterThanOrEqual(1);
          expect(weekday).toBeLessThanOrEqual(5);
        }
      }),
    );
  });

  it('refuses what is not a date', () => {
    expect(() => usMarketHoliday('24/11/2026')).toThrow(/YYYY-MM-DD/);
  });
});
