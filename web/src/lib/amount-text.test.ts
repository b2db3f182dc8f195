import { describe, expect, it } from 'vitest';
import { AMOUNT_TEXT_RULES, acceptNumberText, plainNumberText } from './amount-text';

const amount = (raw: string) => acceptNumberText(raw, AMOUNT_TEXT_RULES);

describe('acceptNumberText for amounts (spec 2 §5)', () => {
  it('shows thousands separators as the user types', () => {
    expect(amount('1234567')).toEqual({ ok: true, text: '1,234,567' });
    expect(amount('1,234,5678')).toEqual({ ok: true, text: '12,345,678' });
    expect(amount('10000.5')).toEqual({ ok: true, text: '10,000.5' });
  });

  it("reads a leading '.' as '0.' and keeps a trailing point while typing", () => {
    expect(amount('.')).toEqual({ ok: true, text: '0.' });
    expect(amount('.75')).toEqual({ ok: true, text: '0.75' });
    expect(amount('12.')).toEqual({ ok: true, text: '12.' });
  });

  it('refuses a third decimal, letters, signs and a second point', () => {
    for (const raw of ['1.234', '12a', '-5', '1.2.3', '1e5']) expect(amount(raw).ok, raw).toBe(false);
  });

  it('caps the amount at 9,999,999,999.99', () => {
    expect(amount('9999999999.99')).toEqual({ ok: true, text: '9,999,999,999.99' });
    expect(amount('10000000000')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('drops leading zeros and accepts an empty field', () => {
    expect(amount('007')).toEqual({ ok: true, text: '7' });
    expect(amount('0.5')).toEqual({ ok: true, text: '0.5' });
    expect(amount('')).toEqual({ ok: true, text: '' });
  });

  it('refuses a point when no decimals are allowed, saying so', () => {
    expect(acceptNumberText('3.', { decimals: 0, maxIntegerDigits: 10, grouped: false })).toEqual({
      ok: false,
      reason: 'decimal',
    });
  });

  it('gives the plain text to send', () => {
    expect(plainNumberText('1,234,567.89')).toBe('1234567.89');
  });
});
