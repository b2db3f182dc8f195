import { type RecordedEvent, streamCategory } from '@etf-replicator/core';
import { safeParseUserEvent, USER_EVENT_TYPES, type UserEvent } from '@etf-replicator/core/user/index';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import type { Projector } from '../runner/projector';

type Tx = DatabaseTransactionConnection;

/** The column changes one user event makes (registration inserts the row instead). */
const changesFor = (event: Exclude<UserEvent, { type: 'UserRegistered' }>) => {
  switch (event.type) {
    case 'UserEmailConfirmed':
      return sql.fragment`email_confirmed = true`;
    case 'UserEmailChangeRequested':
      return sql.fragment`pending_email = ${event.data.newEmail}`;
    case 'UserEmailChanged':
      return sql.fragment`email = ${event.data.newEmail}, pending_email = null, email_confirmed = true`;
    case 'UserPasswordSet':
    case 'UserPasswordChanged':
      return sql.fragment`has_password = true`;
    case 'OAuthProviderConnected':
      return sql.fragment`google_user_id = ${event.data.providerUserId}, google_email = ${event.data.email}`;
    case 'OAuthProviderDisconnected':
      return sql.fragment`google_user_id = null, google_email = null`;
    case 'UserPlanChanged':
      return sql.fragment`plan = ${event.data.plan}`;
    case 'UserRoleGranted':
      return sql.fragment`roles = case when ${event.data.role}::text = any(roles) then roles
                                        else array_append(roles, ${event.data.role}::text) end`;
    case 'UserRoleRevoked':
      return sql.fragment`roles = array_remove(roles, ${event.data.role}::text)`;
    case 'UserDisabled':
      return sql.fragment`disabled = true`;
    case 'UserEnabled':
      return sql.fragment`disabled = false`;
    case 'BillingCustomerLinked':
      return sql.fragment`stripe_customer_id = ${event.data.customerId}`;
    case 'SubscriptionStarted':
    case 'SubscriptionChanged':
    case 'SubscriptionEnded':
    case 'InvoiceRecorded':
    case 'PaymentReversed':
      return undefined; // billing history: the billing-accounts and invoices read models keep it
    default: {
      const _exhaustive: never = event;
      return undefined;
    }
  }
};

const register = async (
  tx: Tx,
  event: Extract<UserEvent, { type: 'UserRegistered' }>,
  recorded: RecordedEvent,
) => {
  const { data } = event;
  await tx.query(sql.unsafe`
    insert into users (id, email, first_name, last_name, has_password, registered_at, updated_at, stream_revision)
    values (${data.userId}, ${data.email}, ${data.firstName}, ${data.lastName},
            ${data.signInMethod === 'emailpassword'}, ${data.registeredAt}, ${recorded.recordedAt.toISOString()},
            ${recorded.streamRevision})
    on conflict (id) do nothing`);
};

/**
 * `users`: one row per user stream. Each row remembers the last stream revision it applied, so a replayed event
 * changes nothing. Events that fail their schema are skipped (a projector never throws on a recorded fact).
 */
export const usersProjector: Projector = {
  name: 'users',
  eventTypes: USER_EVENT_TYPES,
  tables: ['users'],
  handle: async (tx, recorded) => {
    if (streamCategory(recorded.streamId) !== 'user') return;
    const event = safeParseUserEvent(recorded);
    if (!event) return;
    if (event.type === 'UserRegistered') return register(tx, event, recorded);
    const changes = changesFor(event);
    if (!changes) return;
    await tx.query(sql.unsafe`
      update users set ${changes}, updated_at = ${recorded.recordedAt.toISOString()},
                       stream_revision = ${recorded.streamRevision}
       where id = ${event.data.userId} and stream_revision < ${recorded.streamRevision}`);
  },
};
