import { describe, expect, it } from 'vitest';
import { nflxSplit } from '../testing/corporate-action-fixtures';
import { at, buyOrder, created, event } from '../testing/tracking-fixtures';
import type { ApplyCorporateAction } from './commands';
import { decide } from './decide';
import type { OrderExecuted, TrackingEvent } from './events';
import { trackingHistory } from './history';
import { evolve, initialState, type Tracking } from './state';

const fold = (events: readonly TrackingEvent[]): Tracking => events.reduce(evolve, initialState());
const system = (n: number) => ({ now: new Date(at(n)), eventId: `evt-${n}` });
const apply = (
  state: Tracking,
  n: number,
  data: Partial<ApplyCorporateAction['data']> = {},
): TrackingEvent[] =>
  decide(
    {
      type: 'ApplyCorporateAction',
      data: nflxSplit(data),
      metadata: system(n),
    },
    state,
  );
const active = (state: Tracking) => {
  if (state.status !== 'Active') throw new Error('expected an active tracking');
  return state;
};
const lotsOf = (state: Tracking) =>
  active(state).lots.map((lot) => ({
    lotId: lot.lotId,
    symbol: lot.symbol,
    shares: lot.shares.toFixed(),
    costPerShare: lot.costPerShare.toFixed(),
    basis: lot.shares.mul(lot.costPerShare).toFixed(),
    acquiredAt: lot.acquiredAt,
  }));
const revert = (state: Tracking, n: number, actionId: string) =>
  decide(
    { type: 'RevertAction', data: { actionId }, metadata: { ...system(n), actorUserId: 'user-1' } },
    state,
  );

describe('NFLX 10-for-1 split effective 2025-11-17', () => {
  // 3 shares bought at the Oct 30 close of $1,089.00: basis 3 × 1,089 = $3,267.00.
  const before = fold([created({ fractionalShares: true }), buyOrder(1, 'NFLX', '3', '1089')]);

  it('turns 3 shares @ $1,089 into 30 shares @ $108.90, basis $3,267 both ways, date kept', () => {
    // 3 × 10 = 30 shares; 1,089 ÷ 10 = 108.90 per share; 30 × 108.90 = 3,267.00.
    const events = apply(before, 2);
    expect(events.map((e) => e.type)).toEqual(['CorporateActionApplied']);
    const after = events.reduce(evolve, before);
    expect(lotsOf(after)).toEqual([
      {
        lotId: 'evt-1',
        symbol: 'NFLX',
        shares: '30',
        costPerShare: '108.9',
        basis: '3267',
        acquiredAt: '2025-10-30',
      },
    ]);
    expect(active(after).positions.get('NFLX')?.toFixed()).toBe('30');
    // Cash untouched: 10,000 − 3,267 = 6,733.
    expect(active(after).cash.toFixed()).toBe('6733');
    // Valued at the 2025-11-18 close $114.09: 30 × 114.09 = 3,422.70, a gain of 155.70, not a −89.5 % loss.
    expect(active(after).positions.get('NFLX')?.mul('114.09').toFixed()).toBe('3422.7');
  });

  it('is a no-op the second time, even after a revert', () => {
    const after = apply(before, 2).reduce(evolve, before);
    expect(apply(after, 3)).toEqual([]);
    const reverted = revert(after, 4, 'evt-2').reduce(evolve, after);
    expect(apply(reverted, 5)).toEqual([]);
  });

  it('leaves lots bought after the effective date, and trackings without NFLX, alone', () => {
    const later = fold([created(), buyOrder(1, 'NFLX', '3', '110', '2025-11-18')]);
    expect(apply(later, 2)).toEqual([]);
    expect(apply(fold([created(), buyOrder(1, 'AAPL', '3', '200')]), 2)).toEqual([]);
  });

  it('shows in the history and reverts to the lots exactly', () => {
    const after = apply(before, 2).reduce(evolve, before);
    const reverted = revert(after, 3, 'evt-2').reduce(evolve, after);
    expect(lotsOf(reverted)).toEqual(lotsOf(before));
    expect([...active(reverted).positions]).toEqual([...active(before).positions]);
    expect([...active(reverted).lastPrices]).toEqual([...active(before).lastPrices]);
    const history = trackingHistory([
      created(),
      buyOrder(1, 'NFLX', '3', '1089'),
      ...apply(before, 2),
      ...revert(after, 3, 'evt-2'),
    ]);
    expect(history.map((entry) => [entry.actionType, entry.details.symbol, entry.reverted])).toEqual([
      ['EXECUTE_ORDER', 'NFLX', false],
      ['CORPORATE_ACTION', 'NFLX', true],
      ['REVERT', 'NFLX', false],
    ]);
  });

  it('refuses to revert the buy before the split, and the split after a later sale of NFLX', () => {
    const after = apply(before, 2).reduce(evolve, before);
    expect(() => revert(after, 3, 'evt-1')).toThrow(/later corporate action changed the lots of NFLX/);
    const sold = fold([created({ fractionalShares: true }), buyOrder(1, 'NFLX', '3', '1089')]);
    const split = apply(sold, 2).reduce(evolve, sold);
    const withSale = evolve(
      split,
      event<OrderExecuted>(3, 'OrderExecuted', {
        symbol: 'NFLX',
        orderType: 'SELL',
        shares: '5',
        price: '114.09',
        amount: '570.45',
        lots: [{ lotId: 'evt-1', shares: '5', costPerShare: '108.9', acquiredAt: '2025-10-30' }],
      }),
    );
    expect(() => revert(withSale, 4, 'evt-2')).toThrow(/later actions changed the shares of NFLX/);
  });
});

describe('Reverse split, rename and spin-off', () => {
  it('1-for-10: 30 shares @ $5 become 3 @ $50, basis $150', () => {
    const state = fold([created({ fractionalShares: true }), buyOrder(1, 'XYZ', '30', '5')]);
    const after = apply(state, 2, { symbol: 'XYZ', ratio: '0.1' }).reduce(evolve, state);
    expect(lotsOf(after).map((lot) => [lot.shares, lot.costPerShare, lot.basis])).toEqual([
      ['3', '50', '150'],
    ]);
  });

  it('RENAME moves the position, the lots and a symbol exclusion to the new ticker', () => {
    const state = fold([
      created(),
      buyOrder(1, 'FB', '4', '300'),
      event(2, 'HoldingsExcluded', {
        symbols: ['FB'],
        sectors: [],
        mode: 'keep',
        previous: { symbols: [], sectors: [] },
      }),
    ]);
    const events = apply(state, 3, { type: 'RENAME', symbol: 'FB', toSymbol: 'META', ratio: '1' });
    const after = events.reduce(evolve, state);
    expect([...active(after).positions]).toEqual([['META', expect.anything()]]);
    expect(lotsOf(after)[0]).toMatchObject({ symbol: 'META', shares: '4', costPerShare: '300' });
    expect(active(after).exclusions.symbols).toEqual([{ symbol: 'META', mode: 'keep' }]);
    const reverted = revert(after, 4, 'evt-3').reduce(evolve, after);
    expect(lotsOf(reverted)).toEqual(lotsOf(state));
    expect(active(reverted).exclusions).toEqual(active(state).exclusions);
  });

  it('SPINOFF: 10 DD @ $80, 1 new per 2 old, 25 % of basis: parent keeps $600, child 5 shares with $200', () => {
    // Basis 10 × 80 = 800. Parent keeps 800 × 0.75 = 600 (60 per share).
    // Ratio 0.5 (1 new share per 2 old): child 10 × 0.5 = 5 shares with 800 × 0.25 = 200 (40 per share).
    const state = fold([created({ fractionalShares: true }), buyOrder(1, 'DD', '10', '80')]);
    const events = apply(state, 2, {
      type: 'SPINOFF',
      symbol: 'DD',
      toSymbol: 'Q',
      ratio: '0.5',
      basisFraction: '0.25',
      effectiveOn: '2025-11-01',
    });
    const after = events.reduce(evolve, state);
    expect(
      lotsOf(after).map((lot) => [lot.lotId, lot.symbol, lot.shares, lot.basis, lot.acquiredAt]),
    ).toEqual([
      ['evt-1', 'DD', '10', '600', '2025-10-30'],
      ['evt-1:ca-nflx', 'Q', '5', '200', '2025-10-30'],
    ]);
    expect(active(after).positions.get('Q')?.toFixed()).toBe('5');
    const reverted = revert(after, 3, 'evt-2').reduce(evolve, after);
    expect(lotsOf(reverted)).toEqual(lotsOf(state));
    expect([...active(reverted).positions]).toEqual([...active(state).positions]);
  });
});
