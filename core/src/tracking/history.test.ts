import { describe, expect, it } from 'vitest';
import { at, created, event } from '../testing/tracking-fixtures';
import type { ActionReverted, FractionalSharesToggled, OrderExecuted, TargetRaised } from './events';
import { trackingHistory } from './history';

describe('trackingHistory', () => {
  it('lists every action oldest first, with order details, reverted flags and what a revert undid', () => {
    const events = [
      created(),
      event<OrderExecuted>(1, 'OrderExecuted', {
        symbol: 'AAPL',
        orderType: 'BUY',
        shares: '3',
        price: '200.00',
        amount: '600.00',
      }),
      event<TargetRaised>(2, 'TargetRaised', { amount: '100.00', targetAmount: '10100.00' }),
      event<FractionalSharesToggled>(3, 'FractionalSharesToggled', { fractionalShares: true }),
      event<ActionReverted>(4, 'ActionReverted', {
        actionId: 'evt-1',
        actionType: 'EXECUTE_ORDER',
        compensation: {
          cash: '600.00',
          targetAmount: '0.00',
          positions: [{ symbol: 'AAPL', shares: '-3' }],
          settings: {},
        },
      }),
    ];
    const history = trackingHistory(events);
    expect(history.map((entry) => [entry.id, entry.actionType, entry.reverted, entry.revertedBy])).toEqual([
      ['evt-1', 'EXECUTE_ORDER', true, 'evt-4'],
      ['evt-2', 'RAISE_TARGET', false, null],
      ['evt-3', 'TOGGLE_FRACTIONAL', false, null],
      ['evt-4', 'REVERT', false, null],
    ]);
    expect(history[0]).toMatchObject({
      timestamp: at(1),
      details: { orderType: 'BUY', shares: '3', symbol: 'AAPL', amount: '600.00' },
    });
    expect(history[2]?.details.value).toBe(true);
    expect(history[3]?.details).toMatchObject({
      orderType: 'BUY',
      symbol: 'AAPL',
      revertedActionId: 'evt-1',
    });
  });
});
