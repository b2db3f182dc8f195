import { z } from 'zod';
import { planSchema } from '../plans/plans';

/**
 * Billing events. They live on the user stream (`user-{userId}`) beside UserPlanChanged, so one user's audit log
 * reads as their billing history. Stripe's ids and its event time (`stripeEventCreated`, unix seconds) are kept:
 * the id makes a replayed delivery a no-op, the time orders deliveries that arrive out of order. Money stays in
 * integer cents, as Stripe sends it.
 */
const iso = z.iso.datetime({ offset: true });
const base = { userId: z.string().min(1) };
const stripeId = z.string().min(1).max(255);
const status = z.string().min(1).max(40);
const fromStripe = { stripeEventId: stripeId, stripeEventCreated: z.number().int().nonnegative() };

const subscriptionFields = {
  ...base,
  customerId: stripeId,
  subscriptionId: stripeId,
  /** Stripe's subscription status (active, trialing, past_due, unpaid, canceled, …). */
  status,
  priceId: stripeId.nullable(),
  /** The plan the price unlocks; null when the price is not one of ours. */
  plan: planSchema.nullable(),
  currentPeriodEnd: iso.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  ...fromStripe,
};

export const billingEventSchemas = {
  /** The user's Stripe customer: created by us (client reference = userId) or met in a completed checkout. */
  BillingCustomerLinked: z.object({
    ...base,
    customerId: stripeId,
    email: z.string().nullable(),
    source: z.enum(['created', 'checkout', 'webhook']),
    previousCustomerId: stripeId.nullable(),
    linkedAt: iso,
  }),
  SubscriptionStarted: z.object({ ...subscriptionFields, startedAt: iso }),
  SubscriptionChanged: z.object({
    ...subscriptionFields,
    previousStatus: status,
    previousPlan: planSchema.nullable(),
    changedAt: iso,
  }),
  /** Terminal: the subscription was deleted or reached canceled/incomplete_expired. A late update cannot revive it. */
  SubscriptionEnded: z.object({ ...subscriptionFields, endedAt: iso }),
  InvoiceRecorded: z.object({
    ...base,
    customerId: stripeId,
    invoiceId: stripeId,
    number: z.string().nullable(),
    subscriptionId: stripeId.nullable(),
    description: z.string(),
    amountCents: z.number().int().nonnegative(),
    currency: z.string().min(3).max(3),
    /** Stripe's invoice status (paid, open, uncollectible, void, …). */
    status,
    paymentFailed: z.boolean(),
    invoicePdf: z.string().nullable(),
    hostedInvoiceUrl: z.string().nullable(),
    invoiceCreatedAt: iso,
    ...fromStripe,
    recordedAt: iso,
  }),
  /** A refund or a dispute. A full reversal ends the paid access the charge bought (spec 2 §4, the terms). */
  PaymentReversed: z.object({
    ...base,
    customerId: stripeId,
    chargeId: stripeId,
    reason: z.enum(['refund', 'dispute']),
    fullReversal: z.boolean(),
    amountCents: z.number().int().nonnegative(),
    currency: z.string().min(3).max(3),
    /** The subscription whose access ended because of it, if one was live. */
    revokedSubscriptionId: stripeId.nullable(),
    ...fromStripe,
    reversedAt: iso,
  }),
} as const;

export type BillingEventType = keyof typeof billingEventSchemas;
export type BillingEventData<T extends BillingEventType> = z.infer<(typeof billingEventSchemas)[T]>;
export type BillingEvent = {
  [T in BillingEventType]: {
    readonly id: string;
    readonly type: T;
    readonly data: Readonly<BillingEventData<T>>;
  };
}[BillingEventType];

export const BILLING_EVENT_TYPES = Object.keys(billingEventSchemas) as BillingEventType[];

export const isBillingEventType = (type: string): type is BillingEventType => type in billingEventSchemas;

/** Narrows any event union (the user stream's) to its billing members. */
export const isBillingEvent = <E extends { readonly type: string }>(
  event: E,
): event is Extract<E, { type: BillingEventType }> => isBillingEventType(event.type);
