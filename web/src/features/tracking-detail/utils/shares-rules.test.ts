import { SHARES_MESSAGES } from '@etf-replicator/core/shared/shares';
import { describe, expect, it } from 'vitest';
import { initialSharesText, isReadOnlyOrder, orderToSend, sharesError } from './shares-rules';

const buy = { symbol: 'AAPL', orderType: 'BUY' as const, shares: '3' };
const fractionalBuy = { symbol: 'AAPL', orderType: 'BUY' as const, shares: '3.25' };

describe('Shares rules (spec 2 §5)', () => {
  const on = { fractionalEnabled: true, orderType: 'BUY' as const, held: '0' };
  const off = { ...on, fractionalEnabled: false };

  it('rejects zero and empty', () => {
    expect(sharesError('0', on)).toBe(SHARES_MESSAGES.greaterThanZero);
    expect(sharesError('', on)).toBe(SHARES_MESSAGES.greaterThanZero);
    expect(sharesError('0.00', on)).toBe(SHARES_MESSAGES.greaterThanZero);
  });

  it('accepts up to 2 decimals with fractional shares on, whole shares only with them off', () => {
    expect(sharesError('2.5', on)).toBeUndefined();
    expect(sharesError('2.5', off)).toBe(SHARES_MESSAGES.fractionalTyped);
    expect(sharesError('2', off)).toBeUndefined();
  });

  it('caps shares at 9,999,999,999', () => {
    expect(sharesError('9999999999', on)).toBeUndefined();
    expect(sharesError('9999999999.5', on)).toBe(SHARES_MESSAGES.aboveCap);
  });

  it('never sells more than is held', () => {
    const sell = { ...on, orderType: 'SELL' as const, held: '4.5' };
    expect(sharesError('4.5', sell)).toBeUndefined();
    expect(sharesError('4.51', sell)).toBe('You cannot sell more than 4.5 shares');
  });

  it('makes a fractional suggestion read-only while fractional shares are off', () => {
    expect(isReadOnlyOrder(false, fractionalBuy)).toBe(true);
    expect(isReadOnlyOrder(false, buy)).toBe(false);
    expect(isReadOnlyOrder(true, fractionalBuy)).toBe(false);
  });

  it('starts with the suggestion truncated to 2 decimals', () => {
    expect(initialSharesText({ ...buy, shares: '1.239' })).toBe('1.23');
  });

  it('sends the suggestion untouched unless the user changed the shares', () => {
    const precise = { ...buy, shares: '1.239' };
    expect(orderToSend(precise, '1.23', false)).toBe(precise);
    expect(orderToSend(precise, '2', true)).toBe(precise);
    expect(orderToSend(precise, '1.5', false)).toEqual({ ...precise, shares: '1.5' });
  });
});
