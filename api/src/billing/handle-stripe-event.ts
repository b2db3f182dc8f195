import type { BillingCommand, SubscriptionSnapshot } from '@etf-replicator/core/billing/commands';
import { isDomainError } from '@etf-replicator/core/shared/domain-error';
import type { z } from 'zod';
import { HttpError } from '../http/http-error';
import { billingCommandMetadata, runBillingCommand } from './billing-commands';
import type { BillingDeps } from './billing-deps';
import { findUserForCustomer } from './find-user';
import { invoiceSnapshot, invoiceSubscriptionId, subscriptionSnapshot } from './snapshots';
import {
  chargeObjectSchema,
  checkoutSessionObjectSchema,
  disputeObjectSchema,
  invoiceObjectSchema,
  type StripeEventEnvelope,
  subscriptionObjectSchema,
} from './stripe-objects';

export type WebhookOutcome = {
  readonly outcome: 'applied' | 'no_change' | 'ignored';
  readonly userId?: string;
  readonly reason?: string;
};

const ignored = (reason: string, userId?: string): WebhookOutcome => ({
  outcome: 'ignored',
  reason,
  ...(userId ? { userId } : {}),
});

/** A known event type whose object breaks its schema: 400, so nothing half-understood is recorded. */
const parseObject = <S extends z.ZodType>(schema: S, event: StripeEventEnvelope): z.infer<S> => {
  const parsed = schema.safeParse(event.data.object);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new HttpError(
    400,
    `Malformed ${event.type} object: ${issue?.path.join('.') || 'object'} ${issue?.message ?? 'is invalid'}`,
  );
};

type Step = { readonly command: BillingCommand };

/** Runs the commands one Stripe event causes, in order, each with ids derived from the event (retries are no-ops). */
const apply = async (
  deps: BillingDeps,
  event: StripeEventEnvelope,
  userId: string,
  steps: readonly Step[],
): Promise<WebhookOutcome> => {
  let appended = 0;
  for (const { command } of steps) {
    try {
      const result = await runBillingCommand(deps, userId, command, {
        actorUserId: null,
        correlationId: event.id,
      });
      appended += result.appended.length;
      for (const recorded of result.appended) {
        const data = recorded.data as { revokedSubscriptionId?: string | null };
        if (recorded.type === 'PaymentReversed' && data.revokedSubscriptionId) {
          await stopBilling(deps, userId, data.revokedSubscriptionId);
        }
      }
    } catch (error) {
      if (isDomainError(error) && error.code === 'USER_NOT_FOUND') return ignored('unknown user', userId);
      throw error;
    }
  }
  return { outcome: appended > 0 ? 'applied' : 'no_change', userId };
};

/** A reversed payment ended access; also stop Stripe billing for it (best effort: its deletion event follows). */
const stopBilling = async (deps: BillingDeps, userId: string, subscriptionId: string) => {
  try {
    await deps.gateway.cancelSubscription({ userId, subscriptionId });
  } catch (error) {
    deps.log.error({ err: error, subscriptionId }, 'could not cancel the subscription of a reversed payment');
  }
};

/** Stripe's current copy of the subscription when it can give one: then late deliveries cannot mislead us. */
const latestSnapshot = async (
  deps: BillingDeps,
  subscriptionId: string,
): Promise<SubscriptionSnapshot | undefined> => {
  try {
    const latest = await deps.gateway.latestSubscription(subscriptionId);
    if (latest === undefined) return undefined;
    const parsed = subscriptionObjectSchema.safeParse(latest);
    return parsed.success ? subscriptionSnapshot(parsed.data, deps.pricePlans) : undefined;
  } catch (error) {
    deps.log.warn(
      { err: error, subscriptionId },
      'could not read the subscription from Stripe; using the event',
    );
    return undefined;
  }
};

const syncStep = (
  deps: BillingDeps,
  event: StripeEventEnvelope,
  subscription: SubscriptionSnapshot,
  { fresh, deleted = false, suffix = '' }: { fresh: boolean; deleted?: boolean; suffix?: string },
): Step => ({
  command: {
    type: 'SyncSubscription',
    data: {
      stripeEventId: `${event.id}${suffix}`,
      stripeEventCreated: event.created,
      subscription,
      deleted,
      fresh,
    },
    metadata: billingCommandMetadata(deps.now(), `${event.id}${suffix}`),
  },
});

const checkoutCompleted = async (deps: BillingDeps, event: StripeEventEnvelope) => {
  const session = parseObject(checkoutSessionObjectSchema, event);
  if (!session.customer) return ignored('checkout without a customer');
  const userId = await findUserForCustomer(deps, session.customer, {
    clientReferenceId: session.client_reference_id ?? undefined,
    metadataUserId: session.metadata.userId,
  });
  if (!userId) return ignored('unknown customer');
  const steps: Step[] = [
    {
      command: {
        type: 'LinkBillingCustomer',
        data: {
          customerId: session.customer,
          email: session.customer_details?.email ?? session.customer_email ?? null,
          source: 'checkout',
        },
        metadata: billingCommandMetadata(deps.now(), `${event.id}#customer`),
      },
    },
  ];
  const latest = session.subscription ? await latestSnapshot(deps, session.subscription) : undefined;
  if (latest) steps.push(syncStep(deps, event, latest, { fresh: true }));
  return apply(deps, event, userId, steps);
};

const subscriptionChanged = async (deps: BillingDeps, event: StripeEventEnvelope) => {
  const subscription = parseObject(subscriptionObjectSchema, event);
  const userId = await findUserForCustomer(deps, subscription.customer, {
    metadataUserId: subscription.metadata.userId,
  });
  if (!userId) return ignored('unknown customer');
  const latest = await latestSnapshot(deps, subscription.id);
  const snapshot = latest ?? subscriptionSnapshot(subscription, deps.pricePlans);
  const deleted = event.type === 'customer.subscription.deleted';
  return apply(deps, event, userId, [
    syncStep(deps, event, snapshot, { fresh: latest !== undefined, deleted }),
  ]);
};

const invoiceSettled = async (deps: BillingDeps, event: StripeEventEnvelope) => {
  const invoice = parseObject(invoiceObjectSchema, event);
  const customerId = invoice.customer;
  if (!customerId) return ignored('invoice without a customer');
  const userId = await findUserForCustomer(deps, customerId, {
    metadataUserId: invoice.parent?.subscription_details?.metadata.userId ?? invoice.metadata.userId,
  });
  if (!userId) return ignored('unknown customer');
  const paid = event.type === 'invoice.paid';
  const subscriptionId = invoiceSubscriptionId(invoice);
  const latest = subscriptionId ? await latestSnapshot(deps, subscriptionId) : undefined;
  const steps: Step[] = [
    {
      command: {
        type: 'RecordInvoice',
        data: {
          stripeEventId: event.id,
          stripeEventCreated: event.created,
          paymentFailed: !paid,
          invoice: invoiceSnapshot({ ...invoice, customer: customerId }, paid, latest?.plan ?? null),
        },
        metadata: billingCommandMetadata(deps.now(), event.id),
      },
    },
  ];
  // A failed payment moves the subscription (past_due, unpaid): follow Stripe's copy when it can give one.
  if (latest) steps.push(syncStep(deps, event, latest, { fresh: true, suffix: '#subscription' }));
  return apply(deps, event, userId, steps);
};

const paymentReversed = async (deps: BillingDeps, event: StripeEventEnvelope) => {
  let chargeId: string;
  let customerId: string | undefined;
  let fullReversal: boolean;
  let amountCents: number;
  let currency: string;
  if (event.type === 'charge.refunded') {
    const charge = parseObject(chargeObjectSchema, event);
    chargeId = charge.id;
    customerId = charge.customer ?? undefined;
    amountCents = charge.amount_refunded ?? charge.amount;
    fullReversal = charge.refunded === true || (charge.amount > 0 && amountCents >= charge.amount);
    currency = charge.currency;
  } else {
    const dispute = parseObject(disputeObjectSchema, event);
    chargeId = typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id;
    customerId = typeof dispute.charge === 'string' ? undefined : (dispute.charge.customer ?? undefined);
    customerId ??= await deps.gateway.chargeCustomerId(chargeId).catch((error: unknown) => {
      deps.log.warn({ err: error, chargeId }, 'could not read the disputed charge from Stripe');
      return undefined;
    });
    amountCents = dispute.amount;
    fullReversal = true;
    currency = dispute.currency;
  }
  if (!customerId) return ignored('charge without a known customer');
  const userId = await findUserForCustomer(deps, customerId, {});
  if (!userId) return ignored('unknown customer');
  return apply(deps, event, userId, [
    {
      command: {
        type: 'ReversePayment',
        data: {
          stripeEventId: event.id,
          stripeEventCreated: event.created,
          chargeId,
          customerId,
          reason: event.type === 'charge.refunded' ? 'refund' : 'dispute',
          fullReversal,
          amountCents,
          currency: currency.toLowerCase(),
        },
        metadata: billingCommandMetadata(deps.now(), event.id),
      },
    },
  ]);
};

/**
 * Turns a verified Stripe event into billing commands on the user's stream. Unknown event types and events about
 * customers we do not know are acknowledged and ignored; a known type with a malformed object is a 400.
 */
export const handleStripeEvent = async (
  deps: BillingDeps,
  event: StripeEventEnvelope,
): Promise<WebhookOutcome> => {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(deps, event);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(deps, event);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceSettled(deps, event);
    case 'charge.refunded':
    case 'charge.dispute.created':
      return paymentReversed(deps, event);
    default:
      return ignored('event type not handled');
  }
};
