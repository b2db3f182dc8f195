import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error';
import { DeciderSpecification } from '../../testing/decider-specification';
import { command, created, event } from '../../testing/tracking-fixtures';
import type { RevertAction, SetTaxBudget } from '../commands';
import { decide } from '../decide';
import { trackingDecider } from '../decider';
import type { ActionReverted, TaxBudgetSet, TaxBudgetSetting } from '../events';
import { trackingHistory } from '../history';
import { evolve, initialState } from '../state';

const given = DeciderSpecification.for(trackingDecider);
// The fixtures' clock is 2026-01-01 (New York): 2026 and 2027 are the years a budget may be set for.
const set = (data: SetTaxBudget['data'], n = 5) => command<SetTaxBudget>('SetTaxBudget', data, n);
const budget = (maxNetGain: string | null, allowShortTermGains = false, year = 2026): TaxBudgetSetting => ({
  year,
  maxNetGain,
  allowShortTermGains,
});
const budgetSet = (n: number, taxBudget: TaxBudgetSetting, previous: TaxBudgetSetting | null) =>
  event<TaxBudgetSet>(n, 'TaxBudgetSet', { taxBudget, previous });
const refusedWith = (code: string, field: string) => (error: unknown) =>
  error instanceof DomainError && error.code === code && error.kind === 'validation' && error.field === field;

describe('Tracking: SetTaxBudget', () => {
  it('records the budget as a canonical money string, with the budget before it', () => {
    given([created()])
      .when(set({ year: 2026, maxNetGain: '5,000', allowShortTermGains: false }))
      .then(budgetSet(5, budget('5000.00'), null));
    given([created(), budgetSet(5, budget('5000.00'), null)])
      .when(set({ year: 2026, maxNetGain: 0, allowShortTermGains: true }, 6))
      .then(budgetSet(6, budget('0.00', true), budget('5000.00')));
  });

  it('takes null as no limit, and changes nothing when asked for the budget already set', () => {
    given([created()])
      .when(set({ year: 2027, maxNetGain: null, allowShortTermGains: true }))
      .then(budgetSet(5, budget(null, true, 2027), null));
    given([created(), budgetSet(5, budget('5000.00'), null)])
      .when(set({ year: 2026, maxNetGain: '5000', allowShortTermGains: false }, 6))
      .thenNothingHappened();
  });

  it('refuses a malformed or negative amount and a year other than this one or the next, naming the field', () => {
    for (const maxNetGain of ['-1', 'abc', '1.234', '', '99999999999'])
      given([created()])
        .when(set({ year: 2026, maxNetGain, allowShortTermGains: false }))
        .thenThrows(refusedWith('INVALID_MAX_NET_GAIN', 'maxNetGain'));
    for (const year of [2025, 2028, 2026.5])
      given([created()])
        .when(set({ year, maxNetGain: '1', allowShortTermGains: false }))
        .thenThrows(refusedWith('INVALID_TAX_YEAR', 'year'));
  });

  it('is folded into the settings, listed in the history, and a revert restores the budget before it', () => {
    const events = [
      created(),
      budgetSet(5, budget('5000.00'), null),
      budgetSet(6, budget('0.00'), budget('5000.00')),
    ];
    const state = events.reduce(evolve, initialState());
    expect(state.status === 'Active' && state.settings.taxBudget).toEqual(budget('0.00'));
    const reverted = decide(command<RevertAction>('RevertAction', { actionId: 'evt-6' }, 9), state);
    expect(reverted).toEqual([
      event<ActionReverted>(9, 'ActionReverted', {
        actionId: 'evt-6',
        actionType: 'SET_TAX_BUDGET',
        compensation: {
          cash: '0.00',
          targetAmount: '0.00',
          positions: [],
          settings: { taxBudget: budget('5000.00') },
        },
      }),
    ]);
    const after = reverted.reduce(evolve, state);
    expect(after.status === 'Active' && after.settings.taxBudget).toEqual(budget('5000.00'));
    // Reverting the first budget while a later one stands would restore a value that was replaced: refused.
    expect(() => decide(command<RevertAction>('RevertAction', { actionId: 'evt-5' }, 9), state)).toThrow(
      DomainError,
    );
    expect(trackingHistory(events).map((entry) => [entry.actionType, entry.details.amount])).toEqual([
      ['SET_TAX_BUDGET', '5000.00'],
      ['SET_TAX_BUDGET', '0.00'],
    ]);
  });

  it('only the owner may set it', () => {
    given([created()])
      .when(
        command<SetTaxBudget>(
          'SetTaxBudget',
          { year: 2026, maxNetGain: '1', allowShortTermGains: true },
          5,
          'x',
        ),
      )
      .thenThrows((error) => error instanceof DomainError && error.kind === 'forbidden');
  });
});
