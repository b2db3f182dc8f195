/**
 * Full-day closures of the US stock exchanges (NYSE and Nasdaq share them) by their published rules: New Year's Day,
 * Martin Luther King Jr. Day, Washington's Birthday, Good Friday, Memorial Day, Juneteenth (from 2022), Independence
 * Day, Labor Day, Thanksgiving and Christmas. A holiday on a Sunday is observed the Monday after and one on a Saturday
 * the Friday before, except New Year's Day: the exchanges do not close on the last day of the year before it.
 * Unscheduled closures (a national day of mourning, a storm) cannot be known in advance; a run on such a day simply
 * finds the previous close again.
 */

export type Ymd = { readonly year: number; readonly month: number; readonly day: number };

const weekdayOf = ({ year, month, day }: Ymd) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The `n`th (1-based) `weekday` (0 = Sunday) of the month; n = -1 is the last one. */
const nthWeekday = (year: number, month: number, weekday: number, n: number): Ymd => {
  if (n === -1) {
    const last = new Date(Date.UTC(year, month, 0));
    const back = (last.getUTCDay() - weekday + 7) % 7;
    return { year, month, day: last.getUTCDate() - back };
  }
  const first = weekdayOf({ year, month, day: 1 });
  return { year, month, day: 1 + ((weekday - first + 7) % 7) + (n - 1) * 7 };
};

/** Easter Sunday in the Gregorian calendar (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export const easterSunday = (year: number): Ymd => {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
};

const shift = ({ year, month, day }: Ymd, days: number): Ymd => {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** Saturday → the Friday before, Sunday → the Monday after. */
const observed = (date: Ymd): Ymd => {
  const weekday = weekdayOf(date);
  return weekday === 6 ? shift(date, -1) : weekday === 0 ? shift(date, 1) : date;
};

/** A calendar date as YYYY-MM-DD. */
export const isoDate = ({ year, month, day }: Ymd) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The exchanges' full-day holidays of a year, date (YYYY-MM-DD) → name. */
export const usMarketHolidays = (year: number): ReadonlyMap<string, string> => {
  const days: [Ymd, string][] = [
    [nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [shift(easterSunday(year), -2), 'Good Friday'],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    [observed({ year, month: 7, day: 4 }), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observed({ year, month: 12, day: 25 }), 'Christmas Day'],
  ];
  const newYear = { year, month: 1, day: 1 };
  if (weekdayOf(newYear) !== 6) days.push([observed(newYear), "New Year's Day"]);
  if (year >= 2022) days.push([observed({ year, month: 6, day: 19 }), 'Juneteenth']);
  return new Map(days.map(([date, name]) => [isoDate(date), name]));
};

/** The holiday's name when the US exchanges are closed all day on this date (YYYY-MM-DD), else null. */
export const usMarketHoliday = (date: string): string | null => {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(date);
  if (!match) throw new RangeError(`expected a date as YYYY-MM-DD, got "${date}"`);
  return usMarketHolidays(Number(match[1])).get(date) ?? null;
};
