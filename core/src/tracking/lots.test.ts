import { describe, expect, it } from 'vitest';
import { at, created, event } from '../testing/tracking-fixtures';
import type { ActionReverted, OrderExecuted, TrackingEvent } from './events';
import { evolve, initialState, type Tracking } from './state';

/** Events as recorded before lots existed: snapshot price only, no execution time, no closes. */
const legacyOrder = (n: number, orderType: 'BUY' | 'SELL', shares: string, price: string) =>
  event<OrderExecuted>(n, 'OrderExecuted', {
    symbol: 'AAPL',
    orderType,
    shares,
    price,
    amount: (Number(shares) * Number(price)).toFixed(2),
  });
const legacyRevert = (n: number, actionId: string, shares: string, cash: string) => ({
  ...event<ActionReverted>(n, 'ActionReverted', {
    actionId,
    actionType: 'EXECUTE_ORDER',
    compensation: { cash, targetAmount: '0.00', positions: [{ symbol: 'AAPL', shares }], settings: {} },
  }),
});
const fold = (events: readonly TrackingEvent[], historyless = false) =>
  events.reduce((state: Tracking, next) => {
    const folded = evolve(state, next);
    return historyless && folded.status !== 'Empty' ? { ...folded, actions: [] } : folded;
  }, initialState());
const lotsOf = (state: Tracking) =>
  state.status === 'Empty'
    ? []
    : state.lots.map((lot) => [lot.lotId, lot.shares.toFixed(), lot.costPerShare.toFixed(), lot.acquiredAt]);

describe('Lots of a tracking recorded before lots existed', () => {
  const history = [
    created(),
    legacyOrder(1, 'BUY', '5', '100'),
    legacyOrder(2, 'BUY', '3', '120'),
    legacyOrder(3, 'SELL', '4', '130'),
  ];

  it('opens each BUY at its snapshot price and time, and closes old sales by HIFO', () => {
    expect(lotsOf(fold(history))).toEqual([['evt-1', '4', '100', at(1)]]);
  });

  it('reverts an old sale by opening the closes the fold gave it again', () => {
    const reverted = [...history, legacyRevert(4, 'evt-3', '4', '-520.00')];
    expect(lotsOf(fold(reverted))).toEqual([
      ['evt-1', '5', '100', at(1)],
      ['evt-2', '3', '120', at(2)],
    ]);
  });

  it('reverts an old buy that an old sale partly used, taking the rest from the other lots', () => {
    // The old rules allowed it: the position without the buy stays ≥ 0.
    const reverted = [...history, legacyRevert(4, 'evt-2', '-3', '360.00')];
    expect(lotsOf(fold(reverted))).toEqual([['evt-1', '1', '100', at(1)]]);
    expect(lotsOf(fold(reverted, true))).toEqual(lotsOf(fold(reverted)));
  });
});
