import { z } from 'zod';

/**
 * The parts of Stripe's webhook payloads billing reads, validated at the boundary. Unknown fields are dropped;
 * fields Stripe moved between API versions (period end, an invoice's subscription) are read from either place.
 */
const stripeId = z.string().min(1).max(255);
/** An expandable field: the id, or the expanded object with its id. */
const ref = z
  .union([stripeId, z.object({ id: stripeId }).loose()])
  .transform((value) => (typeof value === 'string' ? value : value.id));
const metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) => {
    const userId = value?.userId;
    return { userId: typeof userId === 'string' && userId.length <= 100 ? userId : undefined };
  });
/** Bounded so that every value is a valid date (year 9999 at most). */
const unixSeconds = z.number().int().nonnegative().max(253_402_300_799);
const cents = z.number().int().nonnegative();
const currency = z.string().length(3);

export const stripeEventSchema = z.object({
  id: stripeId,
  type: z.string().min(1).max(100),
  created: unixSeconds,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEventEnvelope = z.infer<typeof stripeEventSchema>;

const price = z.object({
  id: stripeId,
  lookup_key: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

export const subscriptionObjectSchema = z.object({
  id: stripeId,
  customer: ref,
  status: z.string().min(1).max(40),
  cancel_at_period_end: z.boolean().nullish(),
  current_period_end: unixSeconds.nullish(),
  metadata,
  items: z
    .object({
      data: z.array(z.object({ price: price.nullish(), current_period_end: unixSeconds.nullish() })).max(100),
    })
    .nullish(),
});
export type StripeSubscription = z.infer<typeof subscriptionObjectSchema>;

export const checkoutSessionObjectSchema = z.object({
  id: stripeId,
  client_reference_id: z.string().max(200).nullish(),
  customer: ref.nullish(),
  customer_email: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish() }).nullish(),
  subscription: ref.nullish(),
  metadata,
});

export const invoiceObjectSchema = z.object({
  id: stripeId,
  customer: ref.nullish(),
  number: z.string().max(100).nullish(),
  description: z.string().max(2000).nullish(),
  status: z.string().min(1).max(40).nullish(),
  amount_paid: cents.nullish(),
  amount_due: cents.nullish(),
  total: z.number().int().nullish(),
  currency,
  created: unixSeconds,
  invoice_pdf: z.string().max(2000).nullish(),
  hosted_invoice_url: z.string().max(2000).nullish(),
  /** Before API version 2025-03-31 an invoice named its subscription here. */
  subscription: ref.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: ref, metadata }).nullish() }).nullish(),
  lines: z
    .object({ data: z.array(z.object({ description: z.string().max(2000).nullish() })).max(500) })
    .nullish(),
  metadata,
});
export type StripeInvoice = z.infer<typeof invoiceObjectSchema>;

export const chargeObjectSchema = z.object({
  id: stripeId,
  customer: ref.nullish(),
  amount: cents,
  amount_refunded: cents.nullish(),
  refunded: z.boolean().nullish(),
  currency,
});

export const disputeObjectSchema = z.object({
  id: stripeId,
  charge: z.union([stripeId, z.object({ id: stripeId, customer: ref.nullish() }).loose()]),
  amount: cents,
  currency,
});

/** The fields we read from a customer fetched from Stripe's API. */
export const customerObjectSchema = z.object({ id: stripeId, email: z.string().nullish(), metadata });
