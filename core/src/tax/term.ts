/** Short or long term (US taxes): how long shares were held, judged on trade dates (YYYY-MM-DD). */

export type Term = 'SHORT' | 'LONG';

/** The same calendar day a year later (29 February → 28 February). */
const anniversary = (date: string): string => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year + 1, month - 1, day));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0); // 29 Feb rolled into March: the last day of February
  return next.toISOString().slice(0, 10);
};

/**
 * Long term when held more than one year: sold after the anniversary of the trade date (IRS: the holding period
 * starts the day after the purchase, so a sale ON the anniversary is still short term).
 */
export const termOf = (acquiredDate: string, soldDate: string): Term =>
  soldDate > anniversary(acquiredDate) ? 'LONG' : 'SHORT';
