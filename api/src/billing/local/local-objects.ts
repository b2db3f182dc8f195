import { offeringFor, type PaidPlan } from '@etf-replicator/core/billing/plan-offerings';
import { LOCAL_PRICE_IDS } from '../billing-settings';
import type { LocalStripe } from './local-stripe';

/** Stripe-shaped objects of the local test mode (only the fields Stripe's own payloads would carry). */

const MONTH_SECONDS = 30 * 24 * 3600;

const cents = (plan: PaidPlan) => (offeringFor(plan)?.monthlyPriceUsd ?? 0) * 100;

export const localPrice = (plan: PaidPlan) => ({
  id: LOCAL_PRICE_IDS[plan],
  object: 'price',
  currency: 'usd',
  unit_amount: cents(plan),
  recurring: { interval: 'month', interval_count: 1 },
  metadata: { plan },
});

export type LocalSubscriptionInput = {
  readonly id: string;
  readonly userId: string;
  readonly customerId: string;
  readonly plan: PaidPlan;
  readonly status: string;
  readonly startedAt: number;
};

export const localSubscription = (input: LocalSubscriptionInput, now: number) => ({
  id: input.id,
  object: 'subscription',
  customer: input.customerId,
  status: input.status,
  cancel_at_period_end: false,
  created: input.startedAt,
  metadata: { userId: input.userId },
  ...(input.status === 'canceled' ? { canceled_at: now, ended_at: now } : {}),
  items: {
    object: 'list',
    data: [
      {
        id: `si_${input.id}`,
        object: 'subscription_item',
        price: localPrice(input.plan),
        current_period_start: now,
        current_period_end: now + MONTH_SECONDS,
      },
    ],
  },
});

export const localCheckoutSession = (
  stripe: LocalStripe,
  input: { userId: string; email: string; customerId: string; subscriptionId: string },
) => ({
  id: stripe.id('cs'),
  object: 'checkout.session',
  mode: 'subscription',
  status: 'complete',
  payment_status: 'paid',
  client_reference_id: input.userId,
  customer: input.customerId,
  customer_email: input.email,
  customer_details: { email: input.email },
  subscription: input.subscriptionId,
  metadata: {},
});

export const localInvoice = (
  stripe: LocalStripe,
  input: { userId: string; customerId: string; subscriptionId: string; plan: PaidPlan; paid: boolean },
) => {
  const id = stripe.id('in');
  const amount = cents(input.plan);
  const offering = offeringFor(input.plan);
  return {
    id,
    object: 'invoice',
    customer: input.customerId,
    number: `LOCAL-${id.slice(-8).toUpperCase()}`,
    description: null,
    status: input.paid ? 'paid' : 'open',
    amount_due: amount,
    amount_paid: input.paid ? amount : 0,
    total: amount,
    currency: 'usd',
    created: stripe.now(),
    attempt_count: 1,
    invoice_pdf: `/api/billing/local/invoices/${id}`,
    hosted_invoice_url: `/api/billing/local/invoices/${id}`,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: input.subscriptionId, metadata: { userId: input.userId } },
    },
    lines: {
      object: 'list',
      data: [
        {
          description: `1 × ${offering?.name ?? input.plan} (at $${(amount / 100).toFixed(2)} / month)`,
          amount,
        },
      ],
    },
  };
};
