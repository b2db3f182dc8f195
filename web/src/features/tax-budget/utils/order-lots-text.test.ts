import { describe, expect, it } from 'vitest';
import { orderLotText } from './order-lots-text';

describe('orderLotText', () => {
  it('names the lot by date and cost with its term and signed gain', () => {
    expect(
      orderLotText({
        lotId: 'l1',
        shares: '5',
        acquiredAt: '2026-09-28',
        costPerShare: '130',
        gain: '-150',
        term: 'SHORT',
      }),
    ).toBe('5 sh bought Sep 28, 2026 at $130.00 — short-term, -$150.00');
    expect(
      orderLotText({
        lotId: null,
        shares: '2.5',
        acquiredAt: null,
        costPerShare: null,
        gain: '250',
        term: null,
      }),
    ).toBe('2.5 sh acquisition date unknown, cost unknown — term unknown, +$250.00');
  });
});
