import { describe, expect, it } from 'vitest';
import { dec, toDecimalString, truncate } from './decimal';
import { DomainError } from './domain-error';
import { AMOUNT_MESSAGES, displayLeftover, formatMoney, parseAmount, toMoneyString } from './money';
import { formatShares, parseShares, SHARES_MESSAGES } from './shares';
import { upcast } from './upcast';

const failsWith = (run: () => unknown, code: string, message?: string) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    if (message) expect((error as DomainError).message).toBe(message);
    return;
  }
  throw new Error(`expected ${code}`);
};

describe('Money', () => {
  it('parses digits with up to 2 decimals, thousands separators and a leading dot', () => {
    expect(parseAmount('1,234.5').toFixed()).toBe('1234.5');
    expect(parseAmount('.75').toFixed()).toBe('0.75');
    expect(parseAmount(' 9999999999.99 ').toFixed()).toBe('9999999999.99');
  });

  it('rejects zero, empty and non-numbers with the modal message, or the wizard message when asked', () => {
    failsWith(() => parseAmount('0'), 'AMOUNT_NOT_POSITIVE', AMOUNT_MESSAGES.greaterThanZero);
    failsWith(
      () => parseAmount(''),
      'AMOUNT_INVALID',
      'Please enter a valid investment amount greater than zero.',
    );
    failsWith(
      () => parseAmount('abc', 'amount', AMOUNT_MESSAGES.wizardInvalid),
      'AMOUNT_INVALID',
      'Please enter a valid investment amount',
    );
    failsWith(() => parseAmount('-1'), 'AMOUNT_INVALID');
    // Commas only as thousands separators: nothing is read loosely.
    for (const loose of [',,,1,,', '1,2', '12,34.5', ',100', '1,000,', '1,,000'])
      failsWith(() => parseAmount(loose), 'AMOUNT_INVALID');
    expect(parseAmount('1,000,000.5').toFixed()).toBe('1000000.5');
  });

  it('rejects a third decimal and anything above the cap', () => {
    failsWith(() => parseAmount('1.005'), 'AMOUNT_TOO_MANY_DECIMALS');
    failsWith(() => parseAmount('10000000000'), 'AMOUNT_ABOVE_CAP');
  });

  it('writes payload money exactly with at least 2 decimals and displays it truncated to cents', () => {
    expect(toMoneyString('10000')).toBe('10000.00');
    expect(toMoneyString('370.370367')).toBe('370.370367');
    expect(formatMoney('1234567.899')).toBe('$1,234,567.89');
    expect(formatMoney('-0.009')).toBe('$0.00');
  });

  it('shows a leftover under 0.0001 as 0', () => {
    expect(displayLeftover('0.00009').toFixed()).toBe('0');
    expect(displayLeftover('0.0001').toFixed()).toBe('0.0001');
  });
});

describe('Shares', () => {
  it('parses up to 2 decimals and rejects zero with the spec message', () => {
    expect(parseShares('2.5').toFixed()).toBe('2.5');
    failsWith(() => parseShares('0'), 'SHARES_NOT_POSITIVE', SHARES_MESSAGES.greaterThanZero);
    failsWith(() => parseShares('1.234'), 'SHARES_TOO_MANY_DECIMALS');
    failsWith(() => parseShares('10000000000'), 'SHARES_ABOVE_CAP');
  });

  it('displays share counts truncated to 2 decimals', () => {
    expect(formatShares('3.2599')).toBe('3.25');
    expect(SHARES_MESSAGES.cannotSellMore('12.349')).toBe('You cannot sell more than 12.34 shares');
  });
});

describe('Decimals', () => {
  it('truncates toward zero and never prints exponents or negative zero', () => {
    expect(truncate(dec('-1.239'), 2).toFixed()).toBe('-1.23');
    expect(toDecimalString(dec('1e-12'))).toBe('0.000000000001');
    expect(toDecimalString(dec('-0'))).toBe('0');
  });
});

describe('upcast', () => {
  const upcasters = { Thing: { 1: (data: unknown) => ({ ...(data as object), added: true }) } };
  it('lifts old payloads one version at a time', () => {
    expect(upcast('Thing', { a: 1 }, 1, 2, upcasters)).toEqual({ a: 1, added: true });
    expect(upcast('Thing', { a: 1 }, 2, 2, upcasters)).toEqual({ a: 1 });
  });
  it('fails loudly when a step is missing', () => {
    expect(() => upcast('Other', {}, 1, 2, upcasters)).toThrow(/No upcaster for Other from version 1/);
  });
});
