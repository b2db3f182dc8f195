import { ROLE_ADMIN } from '../contracts/accounts';
import type { ChangePlan, DisableUser, EnableUser, SetRoles } from './commands';
import { registered } from './decide-account';
import { at, draft, emit } from './emit';
import type { UserEvent } from './events';
import type { UserState } from './state';
import { userErrors } from './user-errors';

/** Plan changes come from billing webhooks or an admin; the same plan again changes nothing. */
export const changePlan = ({ data, metadata }: ChangePlan, state: UserState): UserEvent[] => {
  const user = registered(state);
  if (user.plan === data.plan) return [];
  return emit(
    metadata,
    draft('UserPlanChanged', {
      userId: user.userId,
      plan: data.plan,
      previousPlan: user.plan,
      source: data.source,
      changedAt: at(metadata),
    }),
  );
};

/** Grants what is missing and revokes what is no longer listed; an admin cannot demote themselves. */
export const setRoles = ({ data, metadata }: SetRoles, state: UserState): UserEvent[] => {
  const user = registered(state);
  const wanted = [...new Set(data.roles)];
  if (wanted.length === 0) throw userErrors.rolesRequired();
  if (data.byUserId === user.userId && user.roles.includes(ROLE_ADMIN) && !wanted.includes(ROLE_ADMIN)) {
    throw userErrors.ownAdminRole();
  }
  const now = at(metadata);
  const grants = wanted
    .filter((role) => !user.roles.includes(role))
    .map((role) => draft('UserRoleGranted', { userId: user.userId, role, grantedAt: now }));
  const revokes = user.roles
    .filter((role) => !wanted.includes(role))
    .map((role) => draft('UserRoleRevoked', { userId: user.userId, role, revokedAt: now }));
  return emit(metadata, ...grants, ...revokes);
};

export const disableUser = ({ metadata }: DisableUser, state: UserState): UserEvent[] => {
  const user = registered(state);
  if (user.disabled) return [];
  return emit(metadata, draft('UserDisabled', { userId: user.userId, disabledAt: at(metadata) }));
};

export const enableUser = ({ metadata }: EnableUser, state: UserState): UserEvent[] => {
  const user = registered(state);
  if (!user.disabled) return [];
  return emit(metadata, draft('UserEnabled', { userId: user.userId, enabledAt: at(metadata) }));
};
