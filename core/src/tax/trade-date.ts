/**
 * Trade dates as the broker records them: the calendar date in New York (the exchanges' time zone), whatever the
 * offset the instant was written with. A date alone (YYYY-MM-DD) is already a trade date and stays as it is.
 * Tax years, holding periods and wash-sale windows are all judged on these dates (issue 26).
 */
const NEW_YORK = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

// A command's answer asks for the trade dates of the same lots and sales again and again, and Intl's time-zone
// formatting is the costly part (~0.6 % of the server's CPU under orders); bounded, cleared when full.
const known = new Map<string, string>();
const KNOWN_MAX = 10_000;

// Every command asks for today's date with a new instant: New York's date changes only on a whole minute (its
// offsets are whole hours), so the last minute's date answers every other instant of that minute.
let lastMinute = Number.NaN;
let lastMinuteDate = '';
const dateOfInstant = (instant: number): string => {
  const minute = Math.floor(instant / 60_000);
  if (minute !== lastMinute) {
    lastMinuteDate = NEW_YORK.format(instant);
    lastMinute = minute;
  }
  return lastMinuteDate;
};

/** The New York calendar date (YYYY-MM-DD) of an ISO date or date-time. */
export const nyTradeDate = (value: string): string => {
  if (DATE_ONLY.test(value)) return value;
  const cached = known.get(value);
  if (cached !== undefined) return cached;
  const instant = Date.parse(value);
  const date = Number.isNaN(instant) ? value.slice(0, 10) : dateOfInstant(instant);
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(value, date);
  return date;
};

/** The tax year of an ISO date or date-time (its New York trade date's year). */
export const taxYearOf = (value: string): number => Number(nyTradeDate(value).slice(0, 4));
