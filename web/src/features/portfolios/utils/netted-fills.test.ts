import { describe, expect, it } from 'vitest';
import { twoTrackings } from '../testing/portfolio-fixtures';
import { initialNettedFill, nettedFillAmount, nettedFillErrors, nettedFillToSend } from './netted-fills';

const today = '2026-11-27';
const [aapl] = twoTrackings().orders as [ReturnType<typeof twoTrackings>['orders'][number]];

describe('Netted fills', () => {
  it('start at the latest price and today, and send the price typed without the date of today', () => {
    const fill = initialNettedFill(aapl, today);
    expect(fill).toEqual({ price: '270.00', tradeDate: today });
    expect(nettedFillErrors(fill, today)).toEqual({});
    expect(nettedFillToSend(aapl, fill, today)).toEqual({
      symbol: 'AAPL',
      orderType: 'BUY',
      shares: '1',
      price: '270',
    });
  });

  it('send an earlier trade date and a typed price with thousands separators as a plain decimal', () => {
    expect(nettedFillToSend(aapl, { price: '1,269.555', tradeDate: '2026-11-20' }, today)).toEqual({
      symbol: 'AAPL',
      orderType: 'BUY',
      shares: '1',
      price: '1269.555',
      executedAt: '2026-11-20',
    });
  });

  it('refuse a price of 0 or text, and a date missing or after today', () => {
    expect(nettedFillErrors({ price: '0', tradeDate: '2026-11-28' }, today)).toEqual({
      price: 'Enter the fill price, a number greater than 0',
      tradeDate: 'The trade date cannot be in the future',
    });
    expect(nettedFillErrors({ price: 'abc', tradeDate: '' }, today)).toEqual({
      price: 'Enter the fill price, a number greater than 0',
      tradeDate: 'Enter the trade date',
    });
    // An order without a snapshot price starts empty, and must be given one.
    expect(nettedFillErrors(initialNettedFill({ price: null }, today), today).price).toBeDefined();
  });

  it('value the order at the typed price', () => {
    // 2.5 shares × 199.99 = 499.975 (shown as $499.98 half-up).
    expect(nettedFillAmount({ shares: '2.5' }, { price: '199.99', tradeDate: today })?.toFixed()).toBe(
      '499.975',
    );
    expect(nettedFillAmount({ shares: '2.5' }, { price: 'x', tradeDate: today })).toBeNull();
  });
});
