import { isBillingEvent } from '../billing/events';
import { ROLE_USER, type UserRole } from '../contracts/accounts';
import type { Plan } from '../plans/plans';
import type { UserEvent } from './events';

export type GoogleConnection = { readonly providerUserId: string; readonly email: string };

export type RegisteredUser = {
  readonly status: 'registered';
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly emailConfirmed: boolean;
  /** Whether an e-mail/password sign-in exists (the hash itself lives outside the log). */
  readonly hasPassword: boolean;
  readonly google: GoogleConnection | null;
  /** null = Free. */
  readonly plan: Plan | null;
  readonly roles: readonly UserRole[];
  readonly disabled: boolean;
  /** Address of an e-mail change awaiting its link. */
  readonly pendingEmail: string | null;
  readonly registeredAt: string;
};

export type UserState = { readonly status: 'none' } | RegisteredUser;

export const initialState = (): UserState => ({ status: 'none' });

const withRole = (roles: readonly UserRole[], role: UserRole) =>
  roles.includes(role) ? roles : [...roles, role];

/** Folds one event. Registration gives ROLE_USER; other events only apply to a registered user. */
export const evolve = (state: UserState, event: UserEvent): UserState => {
  if (event.type === 'UserRegistered') {
    const { data } = event;
    return {
      status: 'registered',
      userId: data.userId,
      email: data.email,
      firstName: data.firstName,
      lastName: data.lastName,
      emailConfirmed: false,
      hasPassword: data.signInMethod === 'emailpassword',
      google: null,
      plan: null,
      roles: [ROLE_USER],
      disabled: false,
      pendingEmail: null,
      registeredAt: data.registeredAt,
    };
  }
  if (state.status !== 'registered' || isBillingEvent(event)) return state;
  switch (event.type) {
    case 'UserEmailConfirmed':
      return { ...state, emailConfirmed: true };
    case 'UserEmailChangeRequested':
      return { ...state, pendingEmail: event.data.newEmail };
    case 'UserEmailChanged':
      return { ...state, email: event.data.newEmail, pendingEmail: null, emailConfirmed: true };
    case 'UserPasswordSet':
    case 'UserPasswordChanged':
      return { ...state, hasPassword: true };
    case 'OAuthProviderConnected':
      return {
        ...state,
        google: { providerUserId: event.data.providerUserId, email: event.data.email },
      };
    case 'OAuthProviderDisconnected':
      return { ...state, google: null };
    case 'UserPlanChanged':
      return { ...state, plan: event.data.plan };
    case 'UserRoleGranted':
      return { ...state, roles: withRole(state.roles, event.data.role) };
    case 'UserRoleRevoked':
      return { ...state, roles: state.roles.filter((role) => role !== event.data.role) };
    case 'UserDisabled':
      return { ...state, disabled: true };
    case 'UserEnabled':
      return { ...state, disabled: false };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};
