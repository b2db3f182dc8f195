import { type Decimal, type DecimalInput, dec, toDecimalString, truncate } from './decimal';
import { DomainError } from './domain-error';
import { normaliseNumberText } from './money';

/** Spec 2 §5/§9: shares have at most 2 decimals (whole only when fractional is off) and a 10-digit cap. */
export const SHARES_CAP = dec('9999999999');

export const SHARES_MESSAGES = {
  greaterThanZero: 'Please enter a valid shares amount greater than zero',
  fractionalTyped: 'First enable fractional shares to edit this field with a fractional value',
  fractionalSuggested:
    'First "Enable fractional shares" to edit this field with a custom fractional value or execute this specific order to realign with non-fractional shares tracking',
  tooManyDecimals: 'Please enter a shares amount with at most 2 decimals',
  aboveCap: 'The number of shares cannot be more than 9,999,999,999',
  cannotSellMore: (held: DecimalInput): string => `You cannot sell more than ${formatShares(held)} shares`,
} as const;

const DIGITS_WITH_FRACTION = /^\d+(\.\d*)?$/;
const AT_MOST_TWO_DECIMALS = /^\d+(\.\d{0,2})?$/;

/** Parses a shares input: positive, at most 2 decimals, at most the cap. Whole-share rules are the decider's. */
export const parseShares = (input: string | number, field = 'shares'): Decimal => {
  const text = normaliseNumberText(input);
  if (!DIGITS_WITH_FRACTION.test(text)) {
    throw new DomainError('SHARES_INVALID', 'validation', SHARES_MESSAGES.greaterThanZero, field);
  }
  if (!AT_MOST_TWO_DECIMALS.test(text)) {
    throw new DomainError('SHARES_TOO_MANY_DECIMALS', 'validation', SHARES_MESSAGES.tooManyDecimals, field);
  }
  const shares = dec(text);
  if (shares.isZero())
    throw new DomainError('SHARES_NOT_POSITIVE', 'validation', SHARES_MESSAGES.greaterThanZero, field);
  if (shares.gt(SHARES_CAP))
    throw new DomainError('SHARES_ABOVE_CAP', 'validation', SHARES_MESSAGES.aboveCap, field);
  return shares;
};

/** Display form of a share count: truncated to 2 decimals, no trailing zeros ("3.25", "3"). */
export const formatShares = (value: DecimalInput): string => toDecimalString(truncate(dec(value), 2));
