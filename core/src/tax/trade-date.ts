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

/** The New York calendar date (YYYY-MM-DD) of an ISO date or date-time. */
export const nyTradeDate = (value: string): string => {
  if (DATE_ONLY.test(value)) return value;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return value.slice(0, 10);
  return NEW_YORK.format(instant);
};

/** The tax year of an ISO date or date-time (its New York trade date's year). */
export const taxYearOf = (value: string): number => Number(nyTradeDate(value).slice(0, 4));
