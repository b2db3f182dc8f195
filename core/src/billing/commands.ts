import type { Plan } from '../plans/plans';
import type { Command } from '../shared/decider';
import type { UserCommandMetadata } from '../user/commands';

type BillingCommand_<Type extends string, Data> = Command<Type, Data, UserCommandMetadata>;

/** Which Stripe event a command comes from: its id (replays are no-ops) and time (orders late deliveries). */
export type StripeEventRef = { readonly stripeEventId: string; readonly stripeEventCreated: number };

/** The fields of a Stripe subscription billing cares about, with the plan its price unlocks already resolved. */
export type SubscriptionSnapshot = {
  readonly subscriptionId: string;
  readonly customerId: string;
  readonly status: string;
  readonly priceId: string | null;
  readonly plan: Plan | null;
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
};

export type InvoiceSnapshot = {
  readonly invoiceId: string;
  readonly customerId: string;
  readonly number: string | null;
  readonly subscriptionId: string | null;
  readonly description: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly status: string;
  readonly invoicePdf: string | null;
  readonly hostedInvoiceUrl: string | null;
  readonly invoiceCreatedAt: string;
};

export type LinkBillingCustomer = BillingCommand_<
  'LinkBillingCustomer',
  { customerId: string; email: string | null; source: 'created' | 'checkout' | 'webhook' }
>;

/**
 * Applies a subscription as Stripe described it. `fresh` says the snapshot was just read from Stripe's API (the
 * latest state, so never stale); otherwise it is the event's own copy and an older event than one already applied
 * is ignored. `deleted` marks customer.subscription.deleted.
 */
export type SyncSubscription = BillingCommand_<
  'SyncSubscription',
  StripeEventRef & { subscription: SubscriptionSnapshot; deleted: boolean; fresh: boolean }
>;

export type RecordInvoice = BillingCommand_<
  'RecordInvoice',
  StripeEventRef & { invoice: InvoiceSnapshot; paymentFailed: boolean }
>;

export type ReversePayment = BillingCommand_<
  'ReversePayment',
  StripeEventRef & {
    chargeId: string;
    customerId: string;
    reason: 'refund' | 'dispute';
    fullReversal: boolean;
    amountCents: number;
    currency: string;
  }
>;

export type BillingCommand = LinkBillingCustomer | SyncSubscription | RecordInvoice | ReversePayment;
