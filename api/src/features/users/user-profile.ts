import {
  PASSWORD_MASK,
  ROLE_ADMIN,
  type UserProfile,
  userRoleSchema,
} from '@etf-replicator/core/contracts/accounts';
import type { UserRow } from '@etf-replicator/projections/users/queries';

/**
 * The User entity of spec 1 §3 from the users read model. The read model holds no secret; `password` is only a
 * mask telling whether the user has one.
 */
export const toUserProfile = (row: UserRow): UserProfile => {
  const roles = row.roles.flatMap((role) => {
    const parsed = userRoleSchema.safeParse(role);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    id: row.id,
    username: row.email,
    email: row.email,
    password: row.has_password ? PASSWORD_MASK : null,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`.trim(),
    roles,
    role: roles.includes(ROLE_ADMIN) ? ROLE_ADMIN : 'ROLE_USER',
    plan: row.plan,
    stripeCustomerId: row.stripe_customer_id,
    address: null,
    phoneNumber: null,
    oauthProviders: [
      ...(row.has_password ? [{ provider: 'emailpassword' as const, email: row.email }] : []),
      ...(row.google_user_id ? [{ provider: 'google' as const, email: row.google_email ?? row.email }] : []),
    ],
    emailConfirmed: row.email_confirmed,
    pendingEmail: row.pending_email,
    disabled: row.disabled,
    createdAt: row.registered_at.toISOString(),
  };
};
