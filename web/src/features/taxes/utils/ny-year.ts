const nyYear = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' });

/** The tax year of a moment: its New York calendar year (a sale at 19:30 New York on 31 December is that year's). */
export const newYorkYear = (at: Date = new Date()): number => Number(nyYear.format(at));
