import { z } from 'zod';
import { planSchema } from '../plans/plans';

/** HTTP bodies of /api/billing/* (spec 1 §3 billing record and invoice, §7 calls). */

/** Billing record: `subscriptionPlan` truthy means Active. */
export const billingRecordSchema = z.object({
  customerId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  subscriptionPlan: planSchema.nullable(),
  email: z.string().nullable(),
  /** Stripe's status of that subscription (active, past_due, canceled, …). */
  subscriptionStatus: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
});
export type BillingRecord = z.infer<typeof billingRecordSchema>;

/** Invoice: `amount` in cents (shown as cents / 100 with $ and two decimals). */
export const invoiceSchema = z.object({
  created: z.string(),
  invoiceId: z.string(),
  description: z.string(),
  amount: z.number().int(),
  status: z.string(),
  invoicePdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);

/** What the pricing page needs to know: Stripe's embedded pricing table, or the local test mode's own grid. */
export const billingConfigSchema = z.object({
  mode: z.enum(['stripe', 'local']),
  publishableKey: z.string().nullable(),
  pricingTableId: z.string().nullable(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

export const customerClientSecretSchema = z.object({ clientSecret: z.string() });
export type CustomerClientSecret = z.infer<typeof customerClientSecretSchema>;

/** The JSON answer of the portal endpoints (a browser form post gets a redirect instead). */
export const portalUrlSchema = z.object({ url: z.string() });

/** The browser form of the portal endpoints: hidden userId, and the access token when the page has one. */
export const portalFormSchema = z.object({
  userId: z.string().max(100).optional(),
  accessToken: z.string().max(4096).optional(),
});

export const paidPlanSchema = z.enum(['STARTER', 'GROWTH', 'PRO']);
export const localPlanRequestSchema = z.object({ plan: paidPlanSchema });
export type LocalPlanRequest = z.infer<typeof localPlanRequestSchema>;

/** Local test mode: the outcome of a checkout, a plan change or a cancellation, once applied. */
export const localBillingResultSchema = z.object({
  plan: planSchema.nullable(),
  subscriptionId: z.string().nullable(),
});
export type LocalBillingResult = z.infer<typeof localBillingResultSchema>;

export const webhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });

export const billingMessages = {
  billingRecordNotFound: 'Billing record not found',
  noBillingAccount: 'You have no billing account yet. Choose a plan first.',
  stripeNotConfigured: 'Stripe is not configured: billing runs in local test mode.',
  localModeOnly: 'Local test billing is only available outside production when Stripe is not configured.',
  alreadySubscribed: 'You already have an active subscription. Manage it from the billing page.',
  noSubscription: 'You have no active subscription.',
  samePlan: 'You are already on this plan.',
  missingSignature: 'Missing Stripe-Signature header',
  invalidSignature: 'Invalid Stripe signature',
} as const;
