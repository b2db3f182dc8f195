import type { BillingEvent, BillingEventData } from './events';
import { isBillingEvent } from './events';
import type { SubscriptionView } from './subscriptions';
import { TERMINAL_STATUSES } from './subscriptions';

/** What the user stream says about billing (folded beside the user state; the user decider ignores it). */
export type BillingState = {
  readonly customerId: string | null;
  readonly customerEmail: string | null;
  readonly subscriptions: Readonly<Record<string, SubscriptionView>>;
  /** Latest status recorded per invoice id. */
  readonly invoices: Readonly<Record<string, string>>;
  /** Charges already reversed (refund or dispute), with the reason. */
  readonly reversals: Readonly<Record<string, string>>;
  /** Stripe event ids already applied: a replayed delivery changes nothing. */
  readonly seenStripeEvents: ReadonlySet<string>;
};

export const initialBillingState = (): BillingState => ({
  customerId: null,
  customerEmail: null,
  subscriptions: {},
  invoices: {},
  reversals: {},
  seenStripeEvents: new Set(),
});

const seen = (state: BillingState, stripeEventId: string): ReadonlySet<string> =>
  new Set([...state.seenStripeEvents, stripeEventId]);

type SubscriptionData =
  | BillingEventData<'SubscriptionStarted'>
  | BillingEventData<'SubscriptionChanged'>
  | BillingEventData<'SubscriptionEnded'>;

const withSubscription = (state: BillingState, data: SubscriptionData, ended: boolean): BillingState => {
  const previous = state.subscriptions[data.subscriptionId];
  const view: SubscriptionView = {
    subscriptionId: data.subscriptionId,
    customerId: data.customerId,
    status: data.status,
    priceId: data.priceId,
    plan: data.plan,
    currentPeriodEnd: data.currentPeriodEnd,
    cancelAtPeriodEnd: data.cancelAtPeriodEnd,
    asOf: Math.max(previous?.asOf ?? 0, data.stripeEventCreated),
    order: previous?.order ?? Object.keys(state.subscriptions).length + 1,
    ended: ended || TERMINAL_STATUSES.has(data.status),
    revoked: previous?.revoked ?? false,
  };
  return {
    ...state,
    subscriptions: { ...state.subscriptions, [data.subscriptionId]: view },
    seenStripeEvents: seen(state, data.stripeEventId),
  };
};

const applyBilling = (state: BillingState, event: BillingEvent): BillingState => {
  switch (event.type) {
    case 'BillingCustomerLinked':
      return { ...state, customerId: event.data.customerId, customerEmail: event.data.email };
    case 'SubscriptionStarted':
    case 'SubscriptionChanged':
      return withSubscription(state, event.data, false);
    case 'SubscriptionEnded':
      return withSubscription(state, event.data, true);
    case 'InvoiceRecorded':
      return {
        ...state,
        invoices: { ...state.invoices, [event.data.invoiceId]: event.data.status },
        seenStripeEvents: seen(state, event.data.stripeEventId),
      };
    case 'PaymentReversed': {
      const { revokedSubscriptionId: revokedId } = event.data;
      const revoked = revokedId ? state.subscriptions[revokedId] : undefined;
      return {
        ...state,
        subscriptions:
          revoked && revokedId
            ? { ...state.subscriptions, [revokedId]: { ...revoked, revoked: true } }
            : state.subscriptions,
        reversals: { ...state.reversals, [event.data.chargeId]: event.data.reason },
        seenStripeEvents: seen(state, event.data.stripeEventId),
      };
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};

/** Folds one event of the user stream; anything that is not a billing event leaves the state as it is. */
export const evolveBilling = <E extends { readonly type: string }>(
  state: BillingState,
  event: E,
): BillingState => (isBillingEvent(event) ? applyBilling(state, event as unknown as BillingEvent) : state);
