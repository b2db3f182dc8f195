import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error';
import { DeciderSpecification } from '../../testing/decider-specification';
import { at, command, created, event } from '../../testing/tracking-fixtures';
import type { RevertAction } from '../commands';
import { trackingDecider } from '../decider';
import type {
  ActionReverted,
  FractionalSharesToggled,
  NumberOfWeightingsChanged,
  OrderExecuted,
  TargetLowered,
  TargetRaised,
} from '../events';

const given = DeciderSpecification.for(trackingDecider);
const revert = (actionId: string, numberOfWeightingsCap?: number) =>
  command<RevertAction>('RevertAction', { actionId, numberOfWeightingsCap }, 9);
const order = (n: number, orderType: 'BUY' | 'SELL', shares: string, price: string, amount: string) =>
  event<OrderExecuted>(n, 'OrderExecuted', { symbol: 'AAPL', orderType, shares, price, amount });
const reverted = (actionId: string, actionType: ActionReverted['data']['actionType'], compensation: object) =>
  event<ActionReverted>(9, 'ActionReverted', {
    actionId,
    actionType,
    compensation: { cash: '0.00', targetAmount: '0.00', positions: [], settings: {}, ...compensation },
  });
const refusedWith = (code: string, kind: DomainError['kind']) => (error: unknown) =>
  error instanceof DomainError && error.code === code && error.kind === kind;

describe('Tracking', () => {
  describe('When reverting an executed order', () => {
    const bought = order(1, 'BUY', '10', '150.00', '1500.00');

    it('takes the shares back out and returns the cash at the price it was recorded at', () => {
      const step = given([created(), bought]).when(revert('evt-1'));
      step.then(
        reverted('evt-1', 'EXECUTE_ORDER', {
          cash: '1500.00',
          positions: [{ symbol: 'AAPL', shares: '-10' }],
          lots: { remove: ['evt-1'] },
        }),
      );
      const state = step.state();
      expect(state.status === 'Active' && [state.cash.toFixed(), state.positions.size]).toEqual(['10000', 0]);
      expect(
        state.status === 'Active' && state.actions.map((a) => [a.type, a.reverted, a.revertedBy]),
      ).toEqual([
        ['EXECUTE_ORDER', true, 'evt-9'],
        ['REVERT', false, null],
      ]);
    });

    it('puts sold shares back and takes the proceeds out of cash', () => {
      given([created(), bought, order(2, 'SELL', '4', '160.00', '640.00')])
        .when(revert('evt-2'))
        .then(
          reverted('evt-2', 'EXECUTE_ORDER', {
            cash: '-640.00',
            positions: [{ symbol: 'AAPL', shares: '4' }],
            lots: {
              reopen: [
                { lotId: 'evt-1', symbol: 'AAPL', shares: '4', costPerShare: '150', acquiredAt: at(1) },
              ],
            },
          }),
        );
    });

    it('refuses a buy whose shares were sold later (409), until that sale is reverted', () => {
      const sold = order(2, 'SELL', '8', '160.00', '1280.00');
      given([created(), bought, sold])
        .when(revert('evt-1'))
        .thenThrows(refusedWith('LATER_ACTIONS_DEPEND_ON_IT', 'conflict'));
      const sellUndone = event<ActionReverted>(3, 'ActionReverted', {
        actionId: 'evt-2',
        actionType: 'EXECUTE_ORDER',
        compensation: {
          cash: '-1280.00',
          targetAmount: '0.00',
          positions: [{ symbol: 'AAPL', shares: '8' }],
          settings: {},
        },
      });
      given([created(), bought, sold, sellUndone])
        .when(revert('evt-1'))
        .then(
          reverted('evt-1', 'EXECUTE_ORDER', {
            cash: '1500.00',
            positions: [{ symbol: 'AAPL', shares: '-10' }],
            lots: { remove: ['evt-1'] },
          }),
        );
    });

    it('allows reverting a buy when later sales closed only other lots', () => {
      const first = order(1, 'BUY', '5', '100.00', '500.00');
      const second = order(2, 'BUY', '3', '120.00', '360.00');
      const sale = event<OrderExecuted>(3, 'OrderExecuted', {
        symbol: 'AAPL',
        orderType: 'SELL',
        shares: '5',
        price: '130.00',
        amount: '650.00',
        lots: [{ lotId: 'evt-1', shares: '5', costPerShare: '100', acquiredAt: at(1) }],
      });
      given([created(), first, second, sale])
        .when(revert('evt-2'))
        .then(
          reverted('evt-2', 'EXECUTE_ORDER', {
            cash: '360.00',
            positions: [{ symbol: 'AAPL', shares: '-3' }],
            lots: { remove: ['evt-2'] },
          }),
        );
    });

    it('refuses a buy whose lot a later sale closed in part, though other lots could have covered it (409)', () => {
      const first = order(1, 'BUY', '5', '100.00', '500.00');
      const second = order(2, 'BUY', '3', '120.00', '360.00');
      // Recorded before lots existed: the fold closes it by HIFO, so 3 shares of evt-2's lot and 2 of evt-1's.
      given([created(), first, second, order(3, 'SELL', '5', '130.00', '650.00')])
        .when(revert('evt-2'))
        .thenThrows(refusedWith('LATER_ACTIONS_DEPEND_ON_IT', 'conflict'));
    });

    it('refuses to revert it twice', () => {
      given([created(), bought, reverted('evt-1', 'EXECUTE_ORDER', {})])
        .when(command<RevertAction>('RevertAction', { actionId: 'evt-1' }, 10))
        .thenThrows(refusedWith('ACTION_ALREADY_REVERTED', 'conflict'));
    });

    it('refuses to revert a revert', () => {
      given([created(), bought, reverted('evt-1', 'EXECUTE_ORDER', {})])
        .when(command<RevertAction>('RevertAction', { actionId: 'evt-9' }, 10))
        .thenThrows(refusedWith('CANNOT_REVERT_A_REVERT', 'conflict'));
    });

    it('answers not found for an unknown action', () => {
      given([created()]).when(revert('nope')).thenThrows(refusedWith('ACTION_NOT_FOUND', 'not_found'));
    });
  });

  describe('When reverting a target change', () => {
    const raised = event<TargetRaised>(1, 'TargetRaised', { amount: '500.00', targetAmount: '10500.00' });

    it('takes a raise back out of the target and the cash', () => {
      given([created(), raised])
        .when(revert('evt-1'))
        .then(reverted('evt-1', 'RAISE_TARGET', { cash: '-500.00', targetAmount: '-500.00' }));
    });

    it('puts a lowering back', () => {
      const lowered = event<TargetLowered>(1, 'TargetLowered', { amount: '300.00', targetAmount: '9700.00' });
      given([created(), lowered])
        .when(revert('evt-1'))
        .then(reverted('evt-1', 'LOWER_TARGET', { cash: '300.00', targetAmount: '300.00' }));
    });

    it('refuses a raise that a later lowering used up (the target would go below zero)', () => {
      const lowered = event<TargetLowered>(2, 'TargetLowered', {
        amount: '10200.00',
        targetAmount: '300.00',
      });
      given([created(), raised, lowered])
        .when(revert('evt-1'))
        .thenThrows(refusedWith('LATER_ACTIONS_DEPEND_ON_IT', 'conflict'));
    });

    it('refuses to put a lowering back when the target would pass the amount cap (lower, raise to the cap)', () => {
      // Issue 21: "lower by the cap, raise by the cap, revert the lowering" used to put the target above the cap.
      const lowered = event<TargetLowered>(1, 'TargetLowered', { amount: '10000.00', targetAmount: '0.00' });
      const toCap = event<TargetRaised>(2, 'TargetRaised', {
        amount: '9999999999.99',
        targetAmount: '9999999999.99',
      });
      given([created(), lowered, toCap])
        .when(revert('evt-1'))
        .thenThrows(refusedWith('REVERT_ABOVE_CAP', 'conflict'));
    });

    it('refuses it too when a later point of the history would have passed the cap, even if today would not', () => {
      const lowered = event<TargetLowered>(1, 'TargetLowered', { amount: '10000.00', targetAmount: '0.00' });
      const toCap = event<TargetRaised>(2, 'TargetRaised', {
        amount: '9999999999.99',
        targetAmount: '9999999999.99',
      });
      const down = event<TargetLowered>(3, 'TargetLowered', {
        amount: '20000.00',
        targetAmount: '9999979999.99',
      });
      given([created(), lowered, toCap, down])
        .when(revert('evt-1'))
        .thenThrows(refusedWith('REVERT_ABOVE_CAP', 'conflict'));
    });
  });

  describe('When reverting a setting change', () => {
    const toggled = (n: number, fractionalShares: boolean) =>
      event<FractionalSharesToggled>(n, 'FractionalSharesToggled', { fractionalShares });
    const weightings = event<NumberOfWeightingsChanged>(1, 'NumberOfWeightingsChanged', {
      numberOfWeightings: 25,
      previousNumberOfWeightings: 10,
    });

    it('restores the previous value', () => {
      given([created(), toggled(1, true)])
        .when(revert('evt-1'))
        .then(reverted('evt-1', 'TOGGLE_FRACTIONAL', { settings: { fractionalShares: false } }));
      given([created(), weightings])
        .when(revert('evt-1', 10))
        .then(reverted('evt-1', 'CHANGE_NUMBER_OF_WEIGHTINGS', { settings: { numberOfWeightings: 10 } }));
    });

    it('refuses when the same setting was changed again later', () => {
      given([created(), toggled(1, true), toggled(2, false)])
        .when(revert('evt-1'))
        .thenThrows(refusedWith('LATER_ACTIONS_DEPEND_ON_IT', 'conflict'));
    });

    it("refuses to restore more weightings than the plan's cap now allows", () => {
      const down = event<NumberOfWeightingsChanged>(1, 'NumberOfWeightingsChanged', {
        numberOfWeightings: 5,
        previousNumberOfWeightings: 10,
      });
      given([created(), down])
        .when(revert('evt-1', 5))
        .thenThrows(refusedWith('NUMBER_OF_WEIGHTINGS_ABOVE_PLAN', 'forbidden'));
    });
  });
});
