const nyYear = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' });

/** The tax year of a moment: its New York calendar year (a sale at 19:30 New York on 31 December is that year's). */
export const newYorkYear = (at: Date = new Date()): number => Number(nyYear.format(at));

const nyDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The trade date of a fill: an instant's New York date ("2026-11-27T01:30:00Z" → "2026-11-26"), as the API dates
 * every sale and holding period; a date alone stays as it is.
 */
export const newYorkDate = (value: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : nyDay.format(new Date(value));
