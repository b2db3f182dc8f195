import { describe, expect, it } from 'vitest';
import { invoiceSnapshot, subscriptionSnapshot } from './snapshots';
import { invoiceObjectSchema, subscriptionObjectSchema } from './stripe-objects';

const plans = new Map([['price_growth', 'GROWTH' as const]]);

describe('Stripe objects → billing snapshots', () => {
  it('reads the plan from the price map, else from the price metadata, and the period end from either place', () => {
    const current = subscriptionObjectSchema.parse({
      id: 'sub_1',
      customer: { id: 'cus_1', object: 'customer' },
      status: 'active',
      items: {
        data: [
          { price: { id: 'price_addon' }, current_period_end: 1_800_000_000 },
          { price: { id: 'price_growth' }, current_period_end: 1_800_000_000 },
        ],
      },
    });
    expect(subscriptionSnapshot(current, plans)).toEqual({
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      priceId: 'price_growth',
      plan: 'GROWTH',
      currentPeriodEnd: '2027-01-15T08:00:00.000Z',
      cancelAtPeriodEnd: false,
    });
    const legacy = subscriptionObjectSchema.parse({
      id: 'sub_2',
      customer: 'cus_2',
      status: 'trialing',
      cancel_at_period_end: true,
      current_period_end: 1_800_000_000,
      items: { data: [{ price: { id: 'price_x', metadata: { plan: 'PRO' } } }] },
    });
    expect(subscriptionSnapshot(legacy, plans)).toMatchObject({
      plan: 'PRO',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2027-01-15T08:00:00.000Z',
    });
    const unknown = subscriptionObjectSchema.parse({ id: 'sub_3', customer: 'cus_3', status: 'active' });
    expect(subscriptionSnapshot(unknown, plans)).toMatchObject({
      priceId: null,
      plan: null,
      currentPeriodEnd: null,
    });
  });

  it('finds an invoice’s subscription before and after Stripe moved it, and its description', () => {
    const base = { id: 'in_1', customer: 'cus_1', currency: 'USD', created: 1_800_000_000 };
    const legacy = invoiceObjectSchema.parse({
      ...base,
      subscription: 'sub_old',
      amount_paid: 1900,
      status: 'paid',
    });
    expect(invoiceSnapshot({ ...legacy, customer: 'cus_1' }, true, 'STARTER')).toMatchObject({
      subscriptionId: 'sub_old',
      amountCents: 1900,
      currency: 'usd',
      description: 'Starter subscription',
      invoiceCreatedAt: '2027-01-15T08:00:00.000Z',
    });
    const current = invoiceObjectSchema.parse({
      ...base,
      parent: { subscription_details: { subscription: 'sub_new' } },
      amount_due: 3900,
      total: -100,
      lines: { data: [{ description: null }, { description: '1 × Growth' }] },
    });
    expect(invoiceSnapshot({ ...current, customer: 'cus_1' }, false, null)).toMatchObject({
      subscriptionId: 'sub_new',
      amountCents: 3900,
      status: 'open',
      description: '1 × Growth',
    });
  });

  it('refuses out-of-range times and oversized fields', () => {
    expect(
      subscriptionObjectSchema.safeParse({
        id: 's',
        customer: 'c',
        status: 'active',
        current_period_end: 1e15,
      }).success,
    ).toBe(false);
    expect(
      invoiceObjectSchema.safeParse({ id: 'i', currency: 'usd', created: 1, number: 'x'.repeat(101) })
        .success,
    ).toBe(false);
  });
});
