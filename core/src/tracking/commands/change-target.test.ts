import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error';
import { DeciderSpecification } from '../../testing/decider-specification';
import { command, created, event } from '../../testing/tracking-fixtures';
import type { AddCash, LowerTarget, RaiseTarget, RevertAction } from '../commands';
import { trackingDecider } from '../decider';
import type { ActionReverted, CashAdded, OrderExecuted, TargetLowered, TargetRaised } from '../events';

const given = DeciderSpecification.for(trackingDecider);
const raise = (amount: string) => command<RaiseTarget>('RaiseTarget', { amount }, 5);
const lower = (amount: string) => command<LowerTarget>('LowerTarget', { amount }, 5);
const addCash = (amount: string) => command<AddCash>('AddCash', { amount }, 5);
const refusedWith = (code: string, message?: string) => (error: unknown) =>
  error instanceof DomainError && error.code === code && (!message || error.message === message);

describe('Tracking', () => {
  describe('When raising the target', () => {
    it('adds the amount to the target and to the cash', () => {
      const step = given([created()]).when(raise('2,500.5'));
      step.then(event<TargetRaised>(5, 'TargetRaised', { amount: '2500.50', targetAmount: '12500.50' }));
      const state = step.state();
      expect(state.status === 'Active' && [state.targetAmount.toFixed(), state.cash.toFixed()]).toEqual([
        '12500.5',
        '12500.5',
      ]);
    });

    it('records a buy-only raise so the target keeps every held share', () => {
      given([created()])
        .when(command<RaiseTarget>('RaiseTarget', { amount: '1000', buyOnly: true }, 5))
        .then(
          event<TargetRaised>(5, 'TargetRaised', {
            amount: '1000.00',
            targetAmount: '11000.00',
            buyOnly: true,
          }),
        );
    });

    it('rejects zero with the modal message', () => {
      given([created()])
        .when(raise('0'))
        .thenThrows(
          refusedWith('AMOUNT_NOT_POSITIVE', 'Please enter a valid investment amount greater than zero.'),
        );
    });

    it('keeps the target within 9,999,999,999.99', () => {
      given([created()]).when(raise('9999999999.99')).thenThrows(refusedWith('TARGET_ABOVE_CAP'));
    });
  });

  describe('When lowering the target', () => {
    it('removes the amount from the target and from the cash, which may go below zero once invested', () => {
      const bought = event<OrderExecuted>(1, 'OrderExecuted', {
        symbol: 'VOO',
        orderType: 'BUY',
        shares: '15',
        price: '600',
        amount: '9000.00',
      });
      const step = given([created(), bought]).when(lower('2000'));
      step.then(event<TargetLowered>(5, 'TargetLowered', { amount: '2000.00', targetAmount: '8000.00' }));
      const state = step.state();
      expect(state.status === 'Active' && state.cash.toFixed()).toBe('-1000');
    });

    it('may lower the target to exactly zero', () => {
      given([created()])
        .when(lower('10000'))
        .then(event<TargetLowered>(5, 'TargetLowered', { amount: '10000.00', targetAmount: '0.00' }));
    });

    it('cannot lower by more than the target, and says by how much it can', () => {
      given([created()])
        .when(lower('10000.01'))
        .thenThrows(
          refusedWith('LOWER_MORE_THAN_TARGET', 'You cannot decrease the target amount more than $10,000.00'),
        );
    });
  });

  describe('When adding cash to reach the target', () => {
    // Bought 15 VOO at $600 (cash $1,000 of the $10,000 target); prices fell, so $1,384.00 is missing.
    const bought = event<OrderExecuted>(1, 'OrderExecuted', {
      symbol: 'VOO',
      orderType: 'BUY',
      shares: '15',
      price: '600',
      amount: '9000.00',
    });

    it('adds the amount to the cash and leaves the target amount as it is', () => {
      const step = given([created(), bought]).when(addCash('1,384'));
      step.then(event<CashAdded>(5, 'CashAdded', { amount: '1384.00', cash: '2384.00' }));
      const state = step.state();
      expect(state.status === 'Active' && [state.targetAmount.toFixed(), state.cash.toFixed()]).toEqual([
        '10000',
        '2384',
      ]);
    });

    it('is an action of its own that a revert takes back out of the cash alone', () => {
      const added = event<CashAdded>(2, 'CashAdded', { amount: '1384.00', cash: '2384.00' });
      const step = given([created(), bought, added]).when(
        command<RevertAction>('RevertAction', { actionId: 'evt-2' }, 9),
      );
      step.then(
        event<ActionReverted>(9, 'ActionReverted', {
          actionId: 'evt-2',
          actionType: 'ADD_CASH',
          compensation: { cash: '-1384.00', targetAmount: '0.00', positions: [], settings: {} },
        }),
      );
      const state = step.state();
      expect(state.status === 'Active' && [state.targetAmount.toFixed(), state.cash.toFixed()]).toEqual([
        '10000',
        '1000',
      ]);
    });

    it('rejects zero with the modal message', () => {
      given([created()])
        .when(addCash('0'))
        .thenThrows(
          refusedWith('AMOUNT_NOT_POSITIVE', 'Please enter a valid investment amount greater than zero.'),
        );
    });

    it('keeps the cash within 9,999,999,999.99', () => {
      given([created()]).when(addCash('9999999999.99')).thenThrows(refusedWith('CASH_ABOVE_CAP'));
    });
  });
});
