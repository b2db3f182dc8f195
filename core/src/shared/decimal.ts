import Decimal from 'decimal.js';

/**
 * The one decimal.js constructor core uses. A private clone, so no other package's global Decimal settings change
 * our arithmetic: 40 significant digits (amounts up to 10^10 with 8 decimals and weight ratios stay exact enough),
 * half-up rounding, and no exponent notation in strings.
 */
export const D = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
export type { Decimal };

/** What core accepts for money, prices, weights and shares: a decimal string or a Decimal. Never a JS float. */
export type DecimalInput = string | Decimal;

/**
 * Parsed decimal strings, shared: a fold parses the same few strings ("1", "200.00") event after event (a rebuild
 * replays tens of thousands), and a Decimal is immutable, so one instance per string serves every caller. Bounded:
 * emptied when full.
 */
const parsed = new Map<string, Decimal>();
const PARSED_KEPT = 10_000;

/** The Decimal of a string (shared instance) or the Decimal itself when it already is one of ours (no copy). */
export const dec = (value: DecimalInput): Decimal => {
  if (typeof value !== 'string') return value.constructor === D ? value : new D(value);
  let decimal = parsed.get(value);
  if (decimal === undefined) {
    decimal = new D(value);
    if (parsed.size >= PARSED_KEPT) parsed.clear();
    parsed.set(value, decimal);
  }
  return decimal;
};

export const ZERO: Decimal = new D(0);

/** Plain decimal string without exponent; negative zero becomes "0". */
export const toDecimalString = (value: Decimal): string => (value.isZero() ? '0' : value.toFixed());

export const decimalMin = (a: Decimal, b: Decimal): Decimal => (a.lte(b) ? a : b);
export const decimalMax = (a: Decimal, b: Decimal): Decimal => (a.gte(b) ? a : b);

export const sumDecimals = (values: Iterable<Decimal>): Decimal => {
  let total: Decimal = ZERO;
  for (const value of values) total = total.add(value);
  return total;
};

/** Truncates toward zero to `places` decimals (display never rounds money or shares up). */
export const truncate = (value: Decimal, places: number): Decimal =>
  value.toDecimalPlaces(places, D.ROUND_DOWN);

/** A decimal string that zod accepts: optional minus, digits, optional fraction. */
export const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;
