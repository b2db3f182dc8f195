import { describe, expect, it } from 'vitest';
import { dec, sumDecimals } from '../shared/decimal';
import { type Lot, lotsInCloseOrder, pickLots } from './lots';

const lot = (lotId: string, shares: string, costPerShare: string, acquiredAt: string): Lot => ({
  lotId,
  symbol: 'AAPL',
  shares: dec(shares),
  costPerShare: dec(costPerShare),
  acquiredAt,
  costKnown: true,
  dateKnown: true,
});

/**
 * A sale of AAPL at $100 on 2026-03-05 (New York), four lots:
 * - loss:        3 sh bought 2026-01-15 at 120 → −20/sh (short term)
 * - long gain:   5 sh bought 2025-01-10 at  80 → +20/sh (held > 1 year: long term)
 * - short gain:  4 sh bought 2025-12-01 at  90 → +10/sh
 * - short gain:  4 sh bought 2026-02-01 at  95 →  +5/sh
 */
const lots = [
  lot('long-gain', '5', '80', '2025-01-10'),
  lot('short-gain-10', '4', '90', '2025-12-01'),
  lot('loss', '3', '120', '2026-01-15'),
  lot('short-gain-5', '4', '95', '2026-02-01'),
];
const sale = { price: dec('100'), tradeDate: '2026-03-05' };

describe('TAX_OPTIMAL', () => {
  it('closes the loss first, then the long-term gain, then short-term gains smallest first', () => {
    expect(lotsInCloseOrder(lots, 'AAPL', 'TAX_OPTIMAL', sale).map((l) => l.lotId)).toEqual([
      'loss',
      'long-gain',
      'short-gain-5',
      'short-gain-10',
    ]);
    // HIFO would take the 95 lot (short +5) before the 80 lot (long +20), FIFO the 2025-01-10 lot first.
    expect(lotsInCloseOrder(lots, 'AAPL', 'HIFO').map((l) => l.lotId)).toEqual([
      'loss',
      'short-gain-5',
      'short-gain-10',
      'long-gain',
    ]);
  });

  it('realises the worked example: selling 10 shares at 100', () => {
    const closes = pickLots(lots, 'AAPL', dec('10'), 'TAX_OPTIMAL', sale) ?? [];
    expect(closes.map((c) => [c.lotId, c.shares.toFixed()])).toEqual([
      ['loss', '3'],
      ['long-gain', '5'],
      ['short-gain-5', '2'],
    ]);
    // Short term: 3 × (100 − 120) + 2 × (100 − 95) = −60 + 10 = −50; long term: 5 × (100 − 80) = +100.
    const gain = (wanted: readonly string[]) =>
      sumDecimals(
        closes
          .filter((c) => wanted.includes(c.lotId))
          .map((c) => c.shares.mul(sale.price.sub(c.costPerShare))),
      ).toFixed();
    expect(gain(['loss', 'short-gain-5'])).toBe('-50');
    expect(gain(['long-gain'])).toBe('100');
  });

  it('sorts several losses by the largest loss per share first', () => {
    const more = [...lots, lot('bigger-loss', '1', '150', '2026-02-20')];
    expect(
      lotsInCloseOrder(more, 'AAPL', 'TAX_OPTIMAL', sale)
        .slice(0, 2)
        .map((l) => l.lotId),
    ).toEqual(['bigger-loss', 'loss']);
  });

  it('counts a lot sold on its anniversary as short term (held one year, not more)', () => {
    // Sold 2026-01-10: the 80 lot of 2025-01-10 is then short term, so it goes after the smaller short gains.
    const onAnniversary = { price: dec('100'), tradeDate: '2026-01-10' };
    const held = lots.filter((l) => l.acquiredAt <= '2026-01-10');
    expect(lotsInCloseOrder(held, 'AAPL', 'TAX_OPTIMAL', onAnniversary).map((l) => l.lotId)).toEqual([
      'short-gain-10',
      'long-gain',
    ]);
  });
});
