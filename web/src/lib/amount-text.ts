/**
 * What an amount or shares field keeps while the user types (spec 2 §5): digits with at most `decimals` decimals,
 * a leading '.' read as '0.', no more than `maxIntegerDigits` digits before the point, thousands separators shown
 * when `grouped`. A keystroke that would break a rule is refused: the caller keeps the previous text.
 */
export type NumberTextRules = {
  decimals: number;
  maxIntegerDigits: number;
  grouped: boolean;
};

export type NumberTextResult = { ok: true; text: string } | { ok: false; reason: 'decimal' | 'invalid' };

/** Spec 2 §5/§9: amounts have 2 decimals and a 12-digit cap (9,999,999,999.99). */
export const AMOUNT_TEXT_RULES: NumberTextRules = { decimals: 2, maxIntegerDigits: 10, grouped: true };

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The typed text without separators or spaces: what the server is sent. */
export const plainNumberText = (text: string): string => text.replace(/[,\s]/g, '');

export const acceptNumberText = (raw: string, rules: NumberTextRules): NumberTextResult => {
  let plain = plainNumberText(raw);
  if (plain === '') return { ok: true, text: '' };
  if (plain.startsWith('.')) plain = `0${plain}`;
  if (rules.decimals === 0 && plain.includes('.')) return { ok: false, reason: 'decimal' };
  const pattern = new RegExp(`^(\\d+)(\\.\\d{0,${rules.decimals}})?$`);
  const match = pattern.exec(plain);
  if (!match) return { ok: false, reason: 'invalid' };
  const integer = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  if (integer.length > rules.maxIntegerDigits) return { ok: false, reason: 'invalid' };
  const fraction = match[2] ?? '';
  return { ok: true, text: `${rules.grouped ? group(integer) : integer}${fraction}` };
};
