import type { LocalBillingResult } from '@etf-replicator/core/billing/contracts';
import { billingMessages as m } from '@etf-replicator/core/billing/contracts';
import type { PaidPlan } from '@etf-replicator/core/billing/plan-offerings';
import { currentSubscription, givesAccess } from '@etf-replicator/core/billing/subscriptions';
import { HttpError } from '../../http/http-error';
import { loadBilling } from '../billing-commands';
import type { BillingDeps } from '../billing-deps';
import { ensureCustomer } from '../ensure-customer';
import { localCheckoutSession, localInvoice, localSubscription } from './local-objects';
import type { LocalStripe } from './local-stripe';

/**
 * The local test mode's checkout and customer portal. Each action sends the events Stripe would send for it,
 * signed, through our own webhook: the plan changes exactly as it would in production.
 */

const paidPlan = (plan: string | null): PaidPlan => (plan === 'STARTER' || plan === 'GROWTH' ? plan : 'PRO');

const liveSubscription = async (deps: BillingDeps, userId: string) => {
  const { billing } = await loadBilling(deps.eventStore, userId);
  const current = currentSubscription(Object.values(billing.subscriptions));
  return current && givesAccess(current) ? current : undefined;
};

const outcome = async (deps: BillingDeps, userId: string): Promise<LocalBillingResult> => {
  const { user, billing } = await loadBilling(deps.eventStore, userId);
  const current = currentSubscription(Object.values(billing.subscriptions));
  return {
    plan: user.status === 'registered' ? user.plan : null,
    subscriptionId: current && givesAccess(current) ? current.subscriptionId : null,
  };
};

export const localCheckout = async (
  deps: BillingDeps,
  stripe: LocalStripe,
  user: { userId: string; email: string },
  plan: PaidPlan,
): Promise<LocalBillingResult> => {
  if (await liveSubscription(deps, user.userId)) throw new HttpError(409, m.alreadySubscribed);
  const customerId = await ensureCustomer(deps, user);
  const subscriptionId = stripe.id('sub');
  const subscription = { id: subscriptionId, userId: user.userId, customerId, plan, startedAt: stripe.now() };
  await stripe.send(
    'checkout.session.completed',
    localCheckoutSession(stripe, { ...user, customerId, subscriptionId }),
  );
  await stripe.send(
    'customer.subscription.created',
    localSubscription({ ...subscription, status: 'active' }, stripe.now()),
  );
  await stripe.send(
    'invoice.paid',
    localInvoice(stripe, { ...user, customerId, subscriptionId, plan, paid: true }),
  );
  return outcome(deps, user.userId);
};

export const localChangePlan = async (
  deps: BillingDeps,
  stripe: LocalStripe,
  userId: string,
  plan: PaidPlan,
): Promise<LocalBillingResult> => {
  const live = await liveSubscription(deps, userId);
  if (!live) throw new HttpError(409, m.noSubscription);
  if (live.plan === plan) throw new HttpError(409, m.samePlan);
  const base = { id: live.subscriptionId, userId, customerId: live.customerId, startedAt: stripe.now() };
  await stripe.send(
    'customer.subscription.updated',
    localSubscription({ ...base, plan, status: 'active' }, stripe.now()),
  );
  await stripe.send(
    'invoice.paid',
    localInvoice(stripe, {
      userId,
      customerId: live.customerId,
      subscriptionId: live.subscriptionId,
      plan,
      paid: true,
    }),
  );
  return outcome(deps, userId);
};

/** Cancels now (the local portal has no "at period end"); also how a reversed payment stops local billing. */
export const localCancel = async (
  deps: BillingDeps,
  stripe: LocalStripe,
  userId: string,
  subscriptionId?: string,
): Promise<LocalBillingResult> => {
  const { billing } = await loadBilling(deps.eventStore, userId);
  const target = subscriptionId
    ? billing.subscriptions[subscriptionId]
    : await liveSubscription(deps, userId);
  if (!target || target.ended) {
    if (subscriptionId) return outcome(deps, userId);
    throw new HttpError(409, m.noSubscription);
  }
  await stripe.send(
    'customer.subscription.deleted',
    localSubscription(
      {
        id: target.subscriptionId,
        userId,
        customerId: target.customerId,
        plan: paidPlan(target.plan),
        status: 'canceled',
        startedAt: stripe.now(),
      },
      stripe.now(),
    ),
  );
  return outcome(deps, userId);
};

/** Simulates a renewal whose payment fails for good: the invoice stays open and the subscription becomes unpaid. */
export const localPaymentFailure = async (
  deps: BillingDeps,
  stripe: LocalStripe,
  userId: string,
): Promise<LocalBillingResult> => {
  const live = await liveSubscription(deps, userId);
  if (!live) throw new HttpError(409, m.noSubscription);
  const plan = paidPlan(live.plan);
  const ids = { userId, customerId: live.customerId, subscriptionId: live.subscriptionId, plan };
  await stripe.send('invoice.payment_failed', localInvoice(stripe, { ...ids, paid: false }));
  await stripe.send(
    'customer.subscription.updated',
    localSubscription(
      {
        id: live.subscriptionId,
        userId,
        customerId: live.customerId,
        plan,
        status: 'unpaid',
        startedAt: stripe.now(),
      },
      stripe.now(),
    ),
  );
  return outcome(deps, userId);
};
