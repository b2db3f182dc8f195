import { D, type Decimal, type DecimalInput, dec, truncate } from './decimal';
import { DomainError } from './domain-error';

/** Spec 2 §5/§9: amounts have at most 2 decimals and a 12-digit cap. */
export const AMOUNT_CAP = dec('9999999999.99');

export const AMOUNT_MESSAGES = {
  /** Raise and lower target modals. */
  greaterThanZero: 'Please enter a valid investment amount greater than zero.',
  /** New-tracking wizard. */
  wizardInvalid: 'Please enter a valid investment amount',
  tooManyDecimals: 'Please enter an amount with at most 2 decimals.',
  aboveCap: 'The amount cannot be more than 9,999,999,999.99.',
} as const;

const AMOUNT_PATTERN = /^\d+(\.\d{0,2})?$/;
const DIGITS_WITH_FRACTION = /^\d+(\.\d*)?$/;

/**
 * Parses an amount the way the spec's inputs accept it: digits, at most 2 decimals, optional thousands separators,
 * a leading '.' read as '0.'. Zero, empty and anything above the cap are rejected with a validation error.
 * `invalidMessage` lets the caller use the wizard's wording instead of the modals'.
 */
export const parseAmount = (
  input: string | number,
  field = 'amount',
  invalidMessage: string = AMOUNT_MESSAGES.greaterThanZero,
): Decimal => {
  const text = normaliseNumberText(input);
  if (!DIGITS_WITH_FRACTION.test(text)) {
    throw new DomainError('AMOUNT_INVALID', 'validation', invalidMessage, field);
  }
  if (!AMOUNT_PATTERN.test(text)) {
    throw new DomainError('AMOUNT_TOO_MANY_DECIMALS', 'validation', AMOUNT_MESSAGES.tooManyDecimals, field);
  }
  const amount = dec(text);
  if (amount.isZero()) throw new DomainError('AMOUNT_NOT_POSITIVE', 'validation', invalidMessage, field);
  if (amount.gt(AMOUNT_CAP))
    throw new DomainError('AMOUNT_ABOVE_CAP', 'validation', AMOUNT_MESSAGES.aboveCap, field);
  return amount;
};

/** Thousands separators only where they belong: "1,234,567.89", never ",,,1,," or "1,2". */
const GROUPED_DIGITS = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Trims, drops well-placed thousands separators and reads a leading '.' as '0.' (spec 2 §5). Misplaced commas are
 * kept, so the caller's digit check refuses the text instead of reading it loosely.
 */
export const normaliseNumberText = (input: string | number): string => {
  const trimmed = (typeof input === 'number' ? String(input) : input).trim();
  const text = GROUPED_DIGITS.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed;
  return text.startsWith('.') ? `0${text}` : text;
};

/** Event payload form of money: exact, with at least 2 decimals ("10000.00", "370.370367"). */
export const toMoneyString = (value: DecimalInput): string => {
  const amount = typeof value === 'string' ? dec(value) : value;
  if (amount.isZero()) return '0.00';
  return amount.decimalPlaces() < 2 ? amount.toFixed(2) : amount.toFixed();
};

/** Display form: "$1,234.56", truncated to cents (never rounds up what the user has). */
export const formatMoney = (value: DecimalInput, currencySymbol = '$'): string => {
  const cents = truncate(dec(value), 2);
  const negative = cents.isNegative() && !cents.isZero();
  const [whole = '0', fraction = '00'] = cents.abs().toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${currencySymbol}${grouped}.${fraction}`;
};

/** Spec 2 §9: a leftover under 0.0001 is shown as 0. */
export const LEFTOVER_DISPLAY_EPSILON = dec('0.0001');

export const displayLeftover = (value: DecimalInput): Decimal => {
  const leftover = dec(value);
  return leftover.abs().lt(LEFTOVER_DISPLAY_EPSILON) ? new D(0) : leftover;
};
