import { describe, expect, it } from 'vitest';
import { subscriptionStatus } from './subscription-status';

const growth = {
  subscriptionPlan: 'GROWTH' as const,
  subscriptionStatus: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-14T10:00:00.000Z',
};

describe('subscription status in words (issue 32: no raw ids as the main text)', () => {
  it('says an active subscription renews, and on which day', () => {
    expect(subscriptionStatus(growth)).toEqual({
      label: 'Active',
      tone: 'green',
      next: 'Renews on Dec 14, 2026',
    });
  });

  it('says a subscription cancelled at the period end ends then', () => {
    expect(subscriptionStatus({ ...growth, cancelAtPeriodEnd: true })?.next).toBe('Ends on Dec 14, 2026');
  });

  it('names the other states and leaves out an unknown date', () => {
    expect(subscriptionStatus({ ...growth, subscriptionStatus: 'past_due', currentPeriodEnd: null })).toEqual(
      {
        label: 'Payment overdue',
        tone: 'yellow',
        next: null,
      },
    );
    expect(subscriptionStatus({ ...growth, subscriptionStatus: 'some_new_state' })?.label).toBe(
      'Some new state',
    );
    expect(subscriptionStatus({ ...growth, subscriptionStatus: null })?.label).toBe('Active');
  });

  it('has nothing to say without a plan (spec 1: no Active badge then)', () => {
    expect(subscriptionStatus({ ...growth, subscriptionPlan: null })).toBeNull();
  });
});
