import { termOf } from './gains';
import type { Term } from './ledger-types';

/**
 * Date arithmetic for one ledger fold, memoised: a fold over 20,000 facts asks for the same few hundred dates again
 * and again (window bounds, holding periods, terms), and Date parsing was the larger part of its time. Same results
 * as dates.ts addDays / daysFrom and gains.ts termOf.
 */
export type LedgerCalendar = {
  readonly addDays: (date: string, days: number) => string;
  readonly daysFrom: (from: string, to: string) => number;
  readonly termOf: (holdingStart: string | null, soldOn: string) => Term;
};

const DAY_MS = 86_400_000;

export const ledgerCalendar = (): LedgerCalendar => {
  const numbers = new Map<string, number>();
  const dates = new Map<number, string>();
  const terms = new Map<string, Term>();
  const dayOf = (date: string): number => {
    let day = numbers.get(date);
    if (day === undefined) {
      day = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
      numbers.set(date, day);
    }
    return day;
  };
  const dateAt = (day: number): string => {
    let date = dates.get(day);
    if (date === undefined) {
      date = new Date(day * DAY_MS).toISOString().slice(0, 10);
      dates.set(day, date);
    }
    return date;
  };
  return {
    addDays: (date, days) => dateAt(dayOf(date) + days),
    daysFrom: (from, to) => dayOf(to) - dayOf(from),
    termOf: (holdingStart, soldOn) => {
      if (holdingStart === null) return 'UNKNOWN';
      const key = `${holdingStart}|${soldOn}`;
      let term = terms.get(key);
      if (term === undefined) {
        term = termOf(holdingStart, soldOn);
        terms.set(key, term);
      }
      return term;
    },
  };
};
