import { D, type Decimal } from '@etf-replicator/core/shared/decimal';

/**
 * The one place the web app turns numbers and dates into text (issues 15 and 32): money, shares, percentages, dates.
 * Money rounds half-up to the cent, as every CSV does (19.86 × 181.36 = 3,601.8096 → $3,601.81), and percentages
 * half-up to their 2 shown decimals (81.7986 → 81.80%). Shares are truncated (2.509 → 2.5): a count never shows
 * more than is held (DESIGN §6.1). All of it is decimal.js arithmetic on the value's decimal text, never a JS float.
 * Missing or unreadable values show as an em dash.
 */
type NumberInput = string | number | Decimal | null | undefined;

export const MISSING = '—';

/** A decimal as the API's money text: rounded half-up to the cent, two decimals ("1000.00"), no symbol. */
export const centsText = (value: Decimal): string => value.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

const toDecimal = (value: NumberInput): Decimal | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  try {
    const parsed = new D(typeof value === 'number' ? String(value) : value);
    return parsed.isFinite() ? parsed : null;
  } catch {
    return null;
  }
};

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Half-up (a half cent goes away from zero, as decimal.js and the CSVs do) or truncated toward zero. */
type Rounding = 'half-up' | 'truncate';
const ROUNDING_MODE = { 'half-up': D.ROUND_HALF_UP, truncate: D.ROUND_DOWN } as const;

/** "1,234.5" style: `places` decimals by `rounding`, trailing zeros kept up to `minPlaces`, thousands grouped. */
const formatDecimal = (value: Decimal, places: number, minPlaces: number, rounding: Rounding): string => {
  const cut = value.toDecimalPlaces(places, ROUNDING_MODE[rounding]);
  const negative = cut.isNegative() && !cut.isZero();
  const fixed = cut.abs().toFixed(places);
  const [whole = '0', fraction = ''] = fixed.split('.');
  let kept = fraction.replace(/0+$/, '');
  if (kept.length < minPlaces) kept = kept.padEnd(minPlaces, '0');
  return `${negative ? '-' : ''}${group(whole)}${kept ? `.${kept}` : ''}`;
};

/** "$1,234.57": money rounded half-up to the cent ("-$0.00" never shows: it is "$0.00"). */
export const formatMoney = (value: NumberInput): string => {
  const amount = toDecimal(value);
  if (amount === null) return MISSING;
  const text = formatDecimal(amount, 2, 2, 'half-up');
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
};

/** "+$12.34", "-$5.00", "$0.00": a gain or loss, signed so that it reads without colour. */
export const formatSignedMoney = (value: NumberInput): string => {
  const text = formatMoney(value);
  return text === MISSING || text.startsWith('-') || /^\$0\.00$/.test(text) ? text : `+${text}`;
};

/** "12.5", "1,000", "0.33": share counts truncated to 2 decimals (spec 2 §9), no padding zeros. */
export const formatShares = (value: NumberInput): string => {
  const shares = toDecimal(value);
  return shares === null ? MISSING : formatDecimal(shares, 2, 0, 'truncate');
};

/** "8.46%", "0.20%", "100.00%": any percentage (rates, weights, exposures, expense ratios), 2 decimals half-up. */
export const formatPercent = (value: NumberInput): string => {
  const percent = toDecimal(value);
  return percent === null ? MISSING : `${formatDecimal(percent, 2, 2, 'half-up')}%`;
};

/** "70 %", "12.5 %": an index weight as the index's own name writes it (issue 30), up to 4 decimals, half-up. */
export const formatWeight = (value: NumberInput): string => {
  const weight = toDecimal(value);
  return weight === null ? MISSING : `${formatDecimal(weight, 4, 0, 'half-up')} %`;
};

/** "2 points", "1.5 points", "1 point": replication-rate points (drift alert thresholds), 2 decimals half-up. */
export const formatPoints = (value: NumberInput): string => {
  const points = toDecimal(value);
  if (points === null) return MISSING;
  const text = formatDecimal(points, 2, 0, 'half-up');
  return `${text} ${text === '1' ? 'point' : 'points'}`;
};

/** "1 day", "30 days": a count of calendar days (wash-sale countdowns). */
export const formatDays = (days: number): string =>
  Number.isInteger(days) ? `${group(String(days))} ${Math.abs(days) === 1 ? 'day' : 'days'}` : MISSING;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const toDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * "Oct 30, 2025". A calendar date ("2025-10-30": a price close, a holdings date) is shown as that day everywhere;
 * an instant is shown as its UTC day.
 */
export const formatDate = (value: string | number | Date | null | undefined): string => {
  if (typeof value === 'string' && DATE_ONLY.test(value))
    return dateFormat.format(new Date(`${value}T00:00:00Z`));
  const date = toDate(value);
  return date === null ? MISSING : dateFormat.format(date);
};

/**
 * "Oct 30 – Nov 18, 2025" for two calendar dates of one year, "Dec 30, 2025 – Jan 2, 2026" across years, and one
 * date ("Nov 18, 2025") when both are the same day.
 */
export const formatDateRange = (from: string, to: string): string => {
  const [first, last] = [formatDate(from), formatDate(to)];
  if (first === MISSING || last === MISSING) return first === MISSING ? last : first;
  if (first === last) return first;
  const sameYear = DATE_ONLY.test(from) && DATE_ONLY.test(to) && from.slice(0, 4) === to.slice(0, 4);
  return `${sameYear ? monthDayFormat.format(new Date(`${from}T00:00:00Z`)) : first} – ${last}`;
};

/** "Oct 30, 2025, 14:05": an instant (an event, an invoice, a feedback) in the viewer's time zone. */
export const formatDateTime = (value: string | number | Date | null | undefined): string => {
  const date = toDate(value);
  return date === null ? MISSING : dateTimeFormat.format(date);
};

/** Axis labels of money charts ("$12.3K"); tooltips and tables show exact cents with formatMoney. */
export const formatMoneyCompact = (value: number): string =>
  Number.isFinite(value)
    ? `${value < 0 ? '-' : ''}$${new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(Math.abs(value))}`
    : MISSING;

/** Billing amounts come in cents (spec 1 §9): 1999 → "$19.99". */
export const formatCents = (cents: number): string =>
  Number.isInteger(cents) ? formatMoney(new D(cents).div(100)) : MISSING;

/** recharts formatters receive unknown values: numbers (or numeric strings) through `format`, the rest as text. */
export const chartValue =
  (format: (value: string | number) => string) =>
  (value: unknown): string =>
    typeof value === 'number' || typeof value === 'string' ? format(value) : String(value);

/* New York dates (issue 26): the tax year and trade date the API judges by. Machine values, kept here with the
   other Intl formatters so that no other file formats dates by hand. */
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
