import { describe, expect, it } from 'vitest';
import { dec } from '../shared/decimal';
import { LotBook } from './lot-book';
import type { Lot } from './lots';

const lot = (lotId: string, symbol: string, shares: string): Lot => ({
  lotId,
  symbol,
  shares: dec(shares),
  costPerShare: dec('10'),
  acquiredAt: `2026-01-0${lotId.length}`,
  costKnown: true,
  dateKnown: true,
});

describe('LotBook', () => {
  it('starts every book on its own: two trackings folded in turn never see each other`s lots', () => {
    // Regression: one shared empty book chained every tracking's versions to one Map (each fold rerooted the
    // previous tracking's whole history and kept it alive).
    let a = LotBook.empty();
    let b = LotBook.empty();
    a = a.withOpened(lot('a', 'AAPL', '1'));
    b = b.withOpened(lot('bb', 'MSFT', '2'));
    a = a.withOpened(lot('aaa', 'AAPL', '3'));
    expect(a.ofSymbol('MSFT').length).toBe(0);
    expect(b.ofSymbol('AAPL').length).toBe(0);
    expect([...a].map((l) => l.lotId)).toEqual(['a', 'aaa']);
    expect([...b].map((l) => l.lotId)).toEqual(['bb']);
    expect(LotBook.empty().length).toBe(0);
  });

  it('keeps older versions intact after a symbol`s lots are replaced', () => {
    const one = LotBook.empty()
      .withOpened(lot('a', 'AAPL', '1'))
      .withOpened(lot('bb', 'AAPL', '2'));
    const sold = one.withSymbol('AAPL', [lot('bb', 'AAPL', '2')]);
    expect(sold.length).toBe(1);
    expect(one.length).toBe(2);
    expect(one.ofSymbol('AAPL').map((l) => l.lotId)).toEqual(['a', 'bb']);
    expect(sold.withSymbol('AAPL', []).ofSymbol('AAPL').length).toBe(0);
  });
});
