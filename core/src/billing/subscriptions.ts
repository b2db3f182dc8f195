import type { Plan } from '../plans/plans';

/**
 * Which Stripe subscription statuses give paid access. past_due keeps access while Stripe retries the payment;
 * unpaid, canceled, incomplete and paused do not, so a failed payment ends paid access once the retries give up
 * (the terms: access can be revoked on a failed or reversed payment).
 */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** Statuses a subscription never leaves. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

export type SubscriptionView = {
  readonly subscriptionId: string;
  readonly customerId: string;
  readonly status: string;
  readonly priceId: string | null;
  readonly plan: Plan | null;
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
  /** Stripe time (unix seconds) of the newest event applied: older deliveries are stale. */
  readonly asOf: number;
  /** Order in which we first met the subscription (the newest live one decides the plan). */
  readonly order: number;
  readonly ended: boolean;
  /** Access ended by a reversed payment, whatever Stripe's status says. */
  readonly revoked: boolean;
};

export type SubscriptionLike = Pick<SubscriptionView, 'status' | 'plan' | 'order' | 'ended' | 'revoked'>;

export const givesAccess = (subscription: SubscriptionLike): boolean =>
  !subscription.ended && !subscription.revoked && LIVE_STATUSES.has(subscription.status);

const newestFirst = <S extends SubscriptionLike>(subscriptions: readonly S[]) =>
  [...subscriptions].sort((a, b) => b.order - a.order);

/** The subscription the billing pages show: the newest one that gives access, else the newest one. */
export const currentSubscription = <S extends SubscriptionLike>(
  subscriptions: readonly S[],
): S | undefined => {
  const sorted = newestFirst(subscriptions);
  return sorted.find(givesAccess) ?? sorted[0];
};

/** The plan billing grants: the newest subscription that gives access decides; none means Free (null). */
export const billingPlan = (subscriptions: readonly SubscriptionLike[]): Plan | null =>
  newestFirst(subscriptions).find(givesAccess)?.plan ?? null;
