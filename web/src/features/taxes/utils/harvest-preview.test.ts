import { describe, expect, it } from 'vitest';
import { harvestPreview } from './harvest-preview';

const candidate = { symbol: 'INTC', shares: '10', price: '20.50', proceeds: '205' };

describe('harvestPreview', () => {
  it('sells the loss lots and buys whole shares of the replacement for the proceeds', () => {
    const { orders, leftover } = harvestPreview(candidate, { symbol: 'AMD', price: '30' }, false);
    expect(orders).toEqual([
      { orderType: 'SELL', symbol: 'INTC', shares: '10', price: '20.50', amount: '205' },
      { orderType: 'BUY', symbol: 'AMD', shares: '6', price: '30', amount: '180' },
    ]);
    expect(leftover).toBe('25');
  });

  it('buys in 0.01 steps, never more than the proceeds, when the tracking is fractional', () => {
    const { orders, leftover } = harvestPreview(candidate, { symbol: 'AMD', price: '30' }, true);
    expect(orders[1]).toMatchObject({ shares: '6.83', amount: '204.9' });
    expect(leftover).toBe('0.1');
  });

  it('buys nothing when a share costs more than the proceeds', () => {
    const { orders, leftover } = harvestPreview(candidate, { symbol: 'AVGO', price: '1000' }, false);
    expect(orders[1]).toMatchObject({ shares: '0', amount: '0' });
    expect(leftover).toBe('205');
  });
});
