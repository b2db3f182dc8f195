import { streamCategory } from '@etf-replicator/core';
import {
  type BillingEventData,
  type BillingEventType,
  isBillingEvent,
} from '@etf-replicator/core/billing/events';
import { safeParseUserEvent } from '@etf-replicator/core/user/index';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import type { Projector } from '../runner/projector';

type Tx = DatabaseTransactionConnection;
type SubscriptionData =
  | BillingEventData<'SubscriptionStarted'>
  | BillingEventData<'SubscriptionChanged'>
  | BillingEventData<'SubscriptionEnded'>;

const EVENT_TYPES: readonly BillingEventType[] = [
  'BillingCustomerLinked',
  'SubscriptionStarted',
  'SubscriptionChanged',
  'SubscriptionEnded',
  'PaymentReversed',
];

const upsertSubscription = async (
  tx: Tx,
  data: SubscriptionData,
  ended: boolean,
  revision: number,
  recordedAt: string,
) => {
  await tx.query(sql.unsafe`
    insert into billing_subscriptions (subscription_id, user_id, customer_id, status, price_id, plan,
                                       current_period_end, cancel_at_period_end, started_revision, ended,
                                       updated_at, stream_revision)
    values (${data.subscriptionId}, ${data.userId}, ${data.customerId}, ${data.status}, ${data.priceId},
            ${data.plan}, ${data.currentPeriodEnd}, ${data.cancelAtPeriodEnd}, ${revision}, ${ended},
            ${recordedAt}, ${revision})
    on conflict (subscription_id) do update
       set customer_id = excluded.customer_id, status = excluded.status, price_id = excluded.price_id,
           plan = excluded.plan, current_period_end = excluded.current_period_end,
           cancel_at_period_end = excluded.cancel_at_period_end,
           ended = billing_subscriptions.ended or excluded.ended,
           updated_at = excluded.updated_at, stream_revision = excluded.stream_revision
     where billing_subscriptions.stream_revision < excluded.stream_revision`);
};

/**
 * `billing_customers` and `billing_subscriptions`: the Stripe customers and subscriptions of each user (the billing
 * page, and finding the user behind a webhook's customer id). Rows remember the revision they applied, so a replayed
 * event changes nothing; events that break their schema are skipped.
 */
export const billingAccountsProjector: Projector = {
  name: 'billing_accounts',
  eventTypes: EVENT_TYPES,
  tables: ['billing_customers', 'billing_subscriptions'],
  handle: async (tx, recorded) => {
    if (streamCategory(recorded.streamId) !== 'user') return;
    const event = safeParseUserEvent(recorded);
    if (!event || !isBillingEvent(event)) return;
    const revision = recorded.streamRevision;
    const recordedAt = recorded.recordedAt.toISOString();
    switch (event.type) {
      case 'BillingCustomerLinked': {
        const { data } = event;
        await tx.query(sql.unsafe`
          insert into billing_customers (customer_id, user_id, email, linked_at, linked_revision)
          values (${data.customerId}, ${data.userId}, ${data.email}, ${data.linkedAt}, ${revision})
          on conflict (customer_id) do update
             set user_id = excluded.user_id, email = coalesce(excluded.email, billing_customers.email),
                 linked_at = excluded.linked_at, linked_revision = excluded.linked_revision
           where billing_customers.user_id <> excluded.user_id
              or billing_customers.linked_revision < excluded.linked_revision`);
        return;
      }
      case 'SubscriptionStarted':
      case 'SubscriptionChanged':
        return upsertSubscription(tx, event.data, false, revision, recordedAt);
      case 'SubscriptionEnded':
        return upsertSubscription(tx, event.data, true, revision, recordedAt);
      case 'PaymentReversed': {
        const revoked = event.data.revokedSubscriptionId;
        if (!revoked) return;
        await tx.query(sql.unsafe`
          update billing_subscriptions set revoked = true, updated_at = ${recordedAt}, stream_revision = ${revision}
           where subscription_id = ${revoked} and stream_revision < ${revision}`);
        return;
      }
      default:
        return; // invoices have their own read model
    }
  },
};
