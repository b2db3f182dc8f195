import type { InvoiceSnapshot, SubscriptionSnapshot } from '@etf-replicator/core/billing/commands';
import { offeringFor } from '@etf-replicator/core/billing/plan-offerings';
import { type Plan, planSchema } from '@etf-replicator/core/plans/plans';
import type { StripeInvoice, StripeSubscription } from './stripe-objects';

const isoFromUnix = (seconds: number | null | undefined): string | null =>
  seconds == null ? null : new Date(seconds * 1000).toISOString();

/** A price unlocks the plan STRIPE_PRICE_PLANS maps it to, else the plan named in the price's metadata. */
const planOfPrice = (
  price: { id: string; metadata?: Record<string, unknown> | null | undefined } | null | undefined,
  pricePlans: ReadonlyMap<string, Plan>,
): Plan | null => {
  if (!price) return null;
  const mapped = pricePlans.get(price.id);
  if (mapped) return mapped;
  const named = planSchema.safeParse(price.metadata?.plan);
  return named.success ? named.data : null;
};

export const subscriptionSnapshot = (
  subscription: StripeSubscription,
  pricePlans: ReadonlyMap<string, Plan>,
): SubscriptionSnapshot => {
  const items = subscription.items?.data ?? [];
  const item = items.find((entry) => planOfPrice(entry.price, pricePlans) !== null) ?? items[0];
  return {
    subscriptionId: subscription.id,
    customerId: subscription.customer,
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    plan: planOfPrice(item?.price, pricePlans),
    currentPeriodEnd: isoFromUnix(item?.current_period_end ?? subscription.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
  };
};

export const invoiceSubscriptionId = (invoice: StripeInvoice): string | null =>
  invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;

export const invoiceSnapshot = (
  invoice: StripeInvoice & { customer: string },
  paid: boolean,
  plan: Plan | null,
): InvoiceSnapshot => {
  const amount = paid
    ? (invoice.amount_paid ?? invoice.total ?? 0)
    : (invoice.amount_due ?? invoice.total ?? 0);
  return {
    invoiceId: invoice.id,
    customerId: invoice.customer,
    number: invoice.number ?? null,
    subscriptionId: invoiceSubscriptionId(invoice),
    description:
      invoice.description ??
      invoice.lines?.data.find((line) => line.description)?.description ??
      `${offeringFor(plan)?.name ?? 'ETF Replicator'} subscription`,
    amountCents: Math.max(0, amount),
    currency: invoice.currency.toLowerCase(),
    status: invoice.status ?? (paid ? 'paid' : 'open'),
    invoicePdf: invoice.invoice_pdf ?? null,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoiceCreatedAt: new Date(invoice.created * 1000).toISOString(),
  };
};
