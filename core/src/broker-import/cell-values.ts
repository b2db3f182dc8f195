import { type Decimal, dec } from '../shared/decimal';

/** What a broker writes for "no value". */
const EMPTY = new Set(['', '--', 'n/a', 'na', '-']);

export type CellNumber = { readonly ok: true; readonly value: Decimal | null } | { readonly ok: false };

/**
 * A number as brokers write it: `$1,234.56`, `-$5.00`, `(5.00)` (negative), `+3`, blanks and `--` (no value).
 * Parsed as a decimal string, never through a float.
 */
export const parseCellNumber = (raw: string): CellNumber => {
  let text = raw.trim().replace(/\s+/g, '');
  if (EMPTY.has(text.toLowerCase())) return { ok: true, value: null };
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  text = text.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return { ok: false };
  const value = dec(text);
  return { ok: true, value: negative && !value.isZero() ? value.neg() : value };
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Fidelity's `Sep-01-2024` (or `SEP/01/2024`): the month's number, or undefined. */
const monthNumber = (name: string | undefined) => {
  const index = MONTHS.indexOf((name ?? '').toLowerCase());
  return index < 0 ? undefined : String(index + 1).padStart(2, '0');
};

/**
 * An acquired date: ISO `2023-01-15` (or a date-time), `01/15/2023`, Fidelity's `Jan-15-2023`, or IBKR's `20230115`
 * / `20230115;093000`.
 */
export const parseCellDate = (raw: string): { ok: true; value: string | null } | { ok: false } => {
  const text = raw.trim();
  if (EMPTY.has(text.toLowerCase())) return { ok: true, value: null };
  const iso = /^(\d{4})-(\d{2})-(\d{2})([T ].*)?$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const named = /^([A-Za-z]{3})[-/](\d{1,2})[-/](\d{4})$/.exec(text);
  const compact = /^(\d{4})(\d{2})(\d{2})([;, ].*)?$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : us
      ? [us[3], us[1]?.padStart(2, '0'), us[2]?.padStart(2, '0')]
      : named
        ? [named[3], monthNumber(named[1]), named[2]?.padStart(2, '0')]
        : compact
          ? [compact[1], compact[2], compact[3]]
          : [];
  if (!year || !month || !day) return { ok: false };
  const value = `${year}-${month}-${day}`;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) return { ok: false };
  return { ok: true, value };
};
