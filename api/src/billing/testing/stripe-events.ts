import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';

/** Test-only builders of Stripe-shaped webhook events, and a signed delivery to the app's webhook. */

const stripe = new Stripe('sk_test_builders');
const PRICES = { STARTER: 'price_starter', GROWTH: 'price_growth', PRO: 'price_pro' } as const;
export type TestPlan = keyof typeof PRICES;

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export const event = (type: string, object: object, created = Math.floor(Date.now() / 1000)) => ({
  id: stripeId('evt'),
  object: 'event',
  api_version: '2026-10-28.endive',
  created,
  livemode: false,
  type,
  data: { object },
});
export type TestEvent = ReturnType<typeof event>;

export const subscription = (
  customer: string,
  {
    id = stripeId('sub'),
    plan = 'GROWTH',
    status = 'active',
  }: { id?: string; plan?: TestPlan; status?: string } = {},
) => ({
  id,
  object: 'subscription',
  customer,
  status,
  cancel_at_period_end: false,
  metadata: {},
  items: {
    object: 'list',
    data: [
      {
        id: `si_${id}`,
        object: 'subscription_item',
        price: { id: PRICES[plan], object: 'price', metadata: {} },
        current_period_end: 1_900_000_000,
      },
    ],
  },
});

export const checkoutSession = (userId: string, customer: string, subscriptionId: string | null) => ({
  id: stripeId('cs'),
  object: 'checkout.session',
  mode: 'subscription',
  client_reference_id: userId,
  customer,
  customer_details: { email: 'payer@example.com' },
  subscription: subscriptionId,
});

export const invoice = (
  customer: string,
  subscriptionId: string,
  {
    id = stripeId('in'),
    status = 'paid',
    amount = 3900,
  }: { id?: string; status?: string; amount?: number } = {},
) => ({
  id,
  object: 'invoice',
  customer,
  number: `TEST-${id.slice(-4)}`,
  description: null,
  status,
  amount_due: amount,
  amount_paid: status === 'paid' ? amount : 0,
  total: amount,
  currency: 'usd',
  created: 1_800_000_000,
  invoice_pdf: `https://pay.stripe.test/${id}.pdf`,
  hosted_invoice_url: `https://pay.stripe.test/${id}`,
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: subscriptionId, metadata: {} },
  },
  lines: { object: 'list', data: [{ description: '1 × Growth (at $39.00 / month)' }] },
});

export const charge = (
  customer: string,
  { id = stripeId('ch'), amount = 3900, refunded }: { id?: string; amount?: number; refunded?: number } = {},
) => ({
  id,
  object: 'charge',
  customer,
  amount,
  amount_refunded: refunded ?? amount,
  refunded: (refunded ?? amount) >= amount,
  currency: 'usd',
});

export const dispute = (chargeId: string, amount = 3900) => ({
  id: stripeId('dp'),
  object: 'dispute',
  charge: chargeId,
  amount,
  currency: 'usd',
  status: 'needs_response',
});

export const signedHeaders = (payload: string, secret: string) => ({
  'content-type': 'application/json',
  'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
});

/** Posts an event to the webhook, signed with `secret` the way Stripe signs it. */
export const deliver = (
  app: { inject: (options: object) => Promise<LightMyRequestResponse> },
  stripeEvent: object,
  secret: string,
): Promise<LightMyRequestResponse> => {
  const payload = JSON.stringify(stripeEvent);
  return app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: signedHeaders(payload, secret),
    payload,
  });
};
