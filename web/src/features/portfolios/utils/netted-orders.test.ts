import { describe, expect, it } from 'vitest';
import { twoTrackings } from '../testing/portfolio-fixtures';
import { nettingSaving, orderKey } from './netted-orders';

describe('Netted orders', () => {
  it('keys an order by side and stock', () => {
    expect(orderKey({ symbol: 'XOM', orderType: 'SELL' })).toBe('SELL:XOM');
  });

  it('counts the orders and dollars netting avoids', () => {
    // 4 orders one by one, 3 netted: 1 avoided. Traded 2,350.00 − 1,270.00 = 1,080.00 avoided
    // (BUY 3 AAPL + SELL 2 AAPL trade 5 × 270 = 1,350; the net BUY 1 trades 270).
    const saving = nettingSaving(twoTrackings().saving);
    expect(saving.orders).toBe(1);
    expect(saving.dollars.toFixed(2)).toBe('1080.00');
  });

  it('never shows a negative saving', () => {
    const saving = nettingSaving({
      ordersBefore: 1,
      ordersAfter: 2,
      tradedBefore: '10',
      tradedAfter: '12.5',
    });
    expect(saving.orders).toBe(0);
    expect(saving.dollars.toFixed(2)).toBe('0.00');
  });
});
