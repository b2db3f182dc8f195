import { registered } from '../user/decide-account';
import { at, draft, emit } from '../user/emit';
import type { UserEvent } from '../user/events';
import type { RegisteredUser, UserState } from '../user/state';
import type {
  BillingCommand,
  LinkBillingCustomer,
  RecordInvoice,
  ReversePayment,
  SyncSubscription,
} from './commands';
import { type BillingState, evolveBilling } from './state';
import { billingPlan, givesAccess, TERMINAL_STATUSES } from './subscriptions';

/** The user stream folded twice: the account (user decider) and its billing (this module). */
export type BillingAggregate = { readonly user: UserState; readonly billing: BillingState };

type Draft = ReturnType<typeof draft>;

const linkIfNew = (
  user: RegisteredUser,
  billing: BillingState,
  customerId: string,
  email: string | null,
  source: LinkBillingCustomer['data']['source'],
  now: string,
): Draft[] =>
  billing.customerId === customerId
    ? []
    : [
        draft('BillingCustomerLinked', {
          userId: user.userId,
          customerId,
          email,
          source,
          previousCustomerId: billing.customerId,
          linkedAt: now,
        }),
      ];

const syncSubscription = (
  { data, metadata }: SyncSubscription,
  user: RegisteredUser,
  billing: BillingState,
) => {
  const { subscription: snapshot, stripeEventId, stripeEventCreated } = data;
  const existing = billing.subscriptions[snapshot.subscriptionId];
  if (existing?.ended) return [];
  if (existing && !data.fresh && stripeEventCreated < existing.asOf) return [];
  const now = at(metadata);
  const link = linkIfNew(user, billing, snapshot.customerId, null, 'webhook', now);
  const fields = { userId: user.userId, ...snapshot, stripeEventId, stripeEventCreated };
  if (data.deleted || TERMINAL_STATUSES.has(snapshot.status)) {
    return [...link, draft('SubscriptionEnded', { ...fields, endedAt: now })];
  }
  if (!existing) return [...link, draft('SubscriptionStarted', { ...fields, startedAt: now })];
  const unchanged =
    existing.status === snapshot.status &&
    existing.priceId === snapshot.priceId &&
    existing.plan === snapshot.plan &&
    existing.currentPeriodEnd === snapshot.currentPeriodEnd &&
    existing.cancelAtPeriodEnd === snapshot.cancelAtPeriodEnd;
  if (unchanged) return link;
  return [
    ...link,
    draft('SubscriptionChanged', {
      ...fields,
      previousStatus: existing.status,
      previousPlan: existing.plan,
      changedAt: now,
    }),
  ];
};

/** draft → open → paid/uncollectible/void: a late delivery never moves an invoice back. */
const invoiceRank = (status: string): number => (status === 'draft' ? 0 : status === 'open' ? 1 : 2);

const recordInvoice = ({ data, metadata }: RecordInvoice, user: RegisteredUser, billing: BillingState) => {
  const { invoice, paymentFailed, stripeEventId, stripeEventCreated } = data;
  const previous = billing.invoices[invoice.invoiceId];
  if (previous !== undefined && invoiceRank(invoice.status) < invoiceRank(previous)) return [];
  if (previous === invoice.status && !paymentFailed) return [];
  const now = at(metadata);
  return [
    ...linkIfNew(user, billing, invoice.customerId, null, 'webhook', now),
    draft('InvoiceRecorded', {
      userId: user.userId,
      ...invoice,
      paymentFailed,
      stripeEventId,
      stripeEventCreated,
      recordedAt: now,
    }),
  ];
};

const reversalKey = (reason: string, full: boolean) => (full ? reason : `${reason}-partial`);

const reversePayment = ({ data, metadata }: ReversePayment, user: RegisteredUser, billing: BillingState) => {
  const previous = billing.reversals[data.chargeId];
  if (previous === reversalKey(data.reason, data.fullReversal) || previous === data.reason) return [];
  const endsAccess = data.reason === 'dispute' || data.fullReversal;
  const revoked = endsAccess
    ? Object.values(billing.subscriptions)
        .filter((subscription) => subscription.customerId === data.customerId && givesAccess(subscription))
        .sort((a, b) => b.order - a.order)[0]
    : undefined;
  const now = at(metadata);
  return [
    ...linkIfNew(user, billing, data.customerId, null, 'webhook', now),
    draft('PaymentReversed', {
      userId: user.userId,
      customerId: data.customerId,
      chargeId: data.chargeId,
      reason: data.reason,
      fullReversal: data.fullReversal,
      amountCents: data.amountCents,
      currency: data.currency,
      revokedSubscriptionId: revoked?.subscriptionId ?? null,
      stripeEventId: data.stripeEventId,
      stripeEventCreated: data.stripeEventCreated,
      reversedAt: now,
    }),
  ];
};

const draftsFor = (command: BillingCommand, user: RegisteredUser, billing: BillingState): Draft[] => {
  if (command.type === 'LinkBillingCustomer') {
    const { customerId, email, source } = command.data;
    return linkIfNew(user, billing, customerId, email, source, at(command.metadata));
  }
  if (billing.seenStripeEvents.has(command.data.stripeEventId)) return [];
  switch (command.type) {
    case 'SyncSubscription':
      return syncSubscription(command, user, billing);
    case 'RecordInvoice':
      return recordInvoice(command, user, billing);
    case 'ReversePayment':
      return reversePayment(command, user, billing);
    default: {
      const _notExistingCommandType: never = command;
      throw new Error(`Unknown billing command: ${JSON.stringify(_notExistingCommandType)}`);
    }
  }
};

/**
 * Pure: billing facts from Stripe become events on the user stream, and when they change the plan billing grants,
 * a UserPlanChanged (source 'billing') in the same append, so a plan never changes twice for one fact and never
 * without its cause. A plan set by an admin is left alone until billing's own answer changes. [] = already so.
 */
export const decideBilling = (command: BillingCommand, state: BillingAggregate): UserEvent[] => {
  const user = registered(state.user);
  const drafts = draftsFor(command, user, state.billing);
  if (drafts.length === 0) return [];
  const after = drafts.reduce(evolveBilling, state.billing);
  const before = billingPlan(Object.values(state.billing.subscriptions));
  const plan = billingPlan(Object.values(after.subscriptions));
  const planChange =
    plan !== before && plan !== user.plan
      ? [
          draft('UserPlanChanged', {
            userId: user.userId,
            plan,
            previousPlan: user.plan,
            source: 'billing',
            changedAt: at(command.metadata),
          }),
        ]
      : [];
  return emit(command.metadata, ...drafts, ...planChange);
};
