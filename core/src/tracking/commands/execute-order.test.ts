import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error';
import { DeciderSpecification } from '../../testing/decider-specification';
import { command, created, event } from '../../testing/tracking-fixtures';
import type { ExecuteOrder } from '../commands';
import { trackingDecider } from '../decider';
import type { OrderExecuted, TrackingDeleted } from '../events';

const given = DeciderSpecification.for(trackingDecider);
const order = (
  orderType: 'BUY' | 'SELL',
  shares: string,
  symbol = 'AAPL',
  price = '200.10',
  actor?: string,
) => command<ExecuteOrder>('ExecuteOrder', { symbol, orderType, shares, price }, 5, actor);
const executed = (n: number, orderType: 'BUY' | 'SELL', shares: string, amount: string, price = '200.10') =>
  event<OrderExecuted>(n, 'OrderExecuted', { symbol: 'AAPL', orderType, shares, price, amount });
const refusedWith = (code: string, message?: string) => (error: unknown) =>
  error instanceof DomainError && error.code === code && (!message || error.message === message);

describe('Tracking', () => {
  describe('When fractional shares are off', () => {
    it('records a whole-share BUY at the snapshot price, taking the cost from cash', () => {
      const step = given([created()]).when(order('BUY', '3'));
      step.then(executed(5, 'BUY', '3', '600.30'));
      const state = step.state();
      expect(state.status === 'Active' && state.cash.toFixed()).toBe('9399.7');
      expect(state.status === 'Active' && state.positions.get('AAPL')?.toFixed()).toBe('3');
    });

    it('rejects fractional shares with the spec message', () => {
      given([created()])
        .when(order('BUY', '1.5'))
        .thenThrows(
          refusedWith(
            'FRACTIONAL_SHARES_DISABLED',
            'First enable fractional shares to edit this field with a fractional value',
          ),
        );
    });

    it('accepts a fractional order that brings a fractional position back to whole shares', () => {
      const history = [created({ fractionalShares: true }), executed(1, 'BUY', '2.5', '500.25')];
      const toggled = event(2, 'FractionalSharesToggled', { fractionalShares: false });
      given([...history, toggled])
        .when(order('SELL', '0.5'))
        .then(executed(5, 'SELL', '0.5', '100.05'));
    });
  });

  describe('When fractional shares are on', () => {
    it('records up to 2 decimals', () => {
      given([created({ fractionalShares: true })])
        .when(order('BUY', '0.25'))
        .then(executed(5, 'BUY', '0.25', '50.025'));
    });

    it('rejects a third decimal', () => {
      given([created({ fractionalShares: true })])
        .when(order('BUY', '0.125'))
        .thenThrows(refusedWith('SHARES_TOO_MANY_DECIMALS'));
    });
  });

  describe('When selling', () => {
    const holding = [created(), executed(1, 'BUY', '4', '800.40')];

    it('adds the proceeds to cash and removes a position sold to zero', () => {
      const step = given(holding).when(order('SELL', '4', 'AAPL', '210'));
      step.then(executed(5, 'SELL', '4', '840.00', '210.00'));
      const state = step.state();
      expect(state.status === 'Active' && [state.cash.toFixed(), state.positions.has('AAPL')]).toEqual([
        '10039.6',
        false,
      ]);
    });

    it('cannot sell more than it holds', () => {
      given(holding)
        .when(order('SELL', '5'))
        .thenThrows(refusedWith('SELL_MORE_THAN_HELD', 'You cannot sell more than 4 shares'));
    });

    it('cannot sell a symbol it does not hold', () => {
      given(holding)
        .when(order('SELL', '1', 'MSFT'))
        .thenThrows(refusedWith('SELL_MORE_THAN_HELD', 'You cannot sell more than 0 shares'));
    });
  });

  describe('When the input is invalid', () => {
    it('rejects zero shares with the spec message', () => {
      given([created()])
        .when(order('BUY', '0'))
        .thenThrows(
          refusedWith('SHARES_NOT_POSITIVE', 'Please enter a valid shares amount greater than zero'),
        );
    });

    it('rejects more than 9,999,999,999 shares', () => {
      given([created()]).when(order('BUY', '10000000000')).thenThrows(refusedWith('SHARES_ABOVE_CAP'));
    });

    it('needs a positive price', () => {
      given([created()])
        .when(order('BUY', '1', 'AAPL', '0'))
        .thenThrows(refusedWith('INVALID_PRICE'));
    });
  });

  describe('When it is not the owner', () => {
    it('refuses with a forbidden error', () => {
      given([created()])
        .when(order('BUY', '1', 'AAPL', '1', 'someone-else'))
        .thenThrows((error) => error instanceof DomainError && error.kind === 'forbidden');
    });
  });

  describe('When the tracking does not exist or was deleted', () => {
    it('answers not found', () => {
      given([]).when(order('BUY', '1')).thenThrows(refusedWith('TRACKING_NOT_FOUND'));
      const deleted = event<TrackingDeleted>(1, 'TrackingDeleted', {});
      given([created(), deleted]).when(order('BUY', '1')).thenThrows(refusedWith('TRACKING_DELETED'));
    });
  });
});
