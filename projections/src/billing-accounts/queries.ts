import { currentSubscription, givesAccess } from '@etf-replicator/core/billing/subscriptions';
import { planSchema } from '@etf-replicator/core/plans/plans';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

const customerRow = z.object({ customer_id: z.string(), user_id: z.string(), email: z.string().nullable() });

const subscriptionRow = z.object({
  subscription_id: z.string(),
  customer_id: z.string(),
  status: z.string(),
  price_id: z.string().nullable(),
  plan: planSchema.nullable().catch(null),
  current_period_end: z.date().nullable(),
  cancel_at_period_end: z.boolean(),
  started_revision: z.coerce.number(),
  ended: z.boolean(),
  revoked: z.boolean(),
});

export type BillingSubscriptionRow = z.infer<typeof subscriptionRow>;

export type BillingAccount = {
  readonly userId: string;
  /** The most recently linked Stripe customer. */
  readonly customerId: string | null;
  readonly customerEmail: string | null;
  /** The subscription to show: the newest one giving access, else the newest one. */
  readonly subscription: BillingSubscriptionRow | undefined;
  /** Whether that subscription gives paid access now (live status, not ended, not revoked). */
  readonly active: boolean;
};

/** The user a Stripe customer belongs to (webhooks name the customer, not the user). */
export const findUserIdByCustomerId = async (
  db: CommonQueryMethods,
  customerId: string,
): Promise<string | undefined> =>
  (
    await db.maybeOne(
      sql.type(
        customerRow,
      )`select customer_id, user_id, email from billing_customers where customer_id = ${customerId}`,
    )
  )?.user_id;

/** A user's billing as the billing page shows it; the same choice of subscription as the user stream's decider. */
export const getBillingAccount = async (db: CommonQueryMethods, userId: string): Promise<BillingAccount> => {
  const customer = await db.maybeOne(sql.type(customerRow)`
    select customer_id, user_id, email from billing_customers
     where user_id = ${userId} order by linked_revision desc limit 1`);
  const rows = await db.any(sql.type(subscriptionRow)`
    select subscription_id, customer_id, status, price_id, plan, current_period_end, cancel_at_period_end,
           started_revision, ended, revoked
      from billing_subscriptions where user_id = ${userId}`);
  const subscription = currentSubscription(rows.map((row) => ({ ...row, order: row.started_revision })));
  return {
    userId,
    customerId: customer?.customer_id ?? null,
    customerEmail: customer?.email ?? null,
    subscription,
    active: subscription ? givesAccess(subscription) : false,
  };
};
