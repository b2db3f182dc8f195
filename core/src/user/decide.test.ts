import { describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../contracts/accounts';
import { DomainError } from '../shared/domain-error';
import { DeciderSpecification } from '../testing/decider-specification';
import type { UserCommand, UserCommandMetadata } from './commands';
import { userDecider } from './decide';
import type { UserEvent } from './events';

const given = DeciderSpecification.for(userDecider);
const now = new Date('2026-01-02T03:04:05.000Z');
const at = now.toISOString();
const metadata: UserCommandMetadata = { now, eventId: 'e1', moreEventIds: ['e2', 'e3', 'e4'] };
const userId = 'u-1';
const command = <C extends UserCommand>(type: C['type'], data: C['data']) =>
  ({ type, data, metadata }) as unknown as C;
const failsWith = (code: string, kind: string) => (error: unknown) =>
  error instanceof DomainError && error.code === code && error.kind === kind;

const registered: UserEvent = {
  id: 'r',
  type: 'UserRegistered',
  data: {
    userId,
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    signInMethod: 'emailpassword',
    registeredAt: at,
  },
};
const confirmed: UserEvent = {
  id: 'c',
  type: 'UserEmailConfirmed',
  data: { userId, email: 'ann@example.com', confirmedAt: at },
};
const google: UserEvent = {
  id: 'g',
  type: 'OAuthProviderConnected',
  data: { userId, provider: 'google', providerUserId: 'g-1', email: 'ann@gmail.com', connectedAt: at },
};
const disabled: UserEvent = { id: 'd', type: 'UserDisabled', data: { userId, disabledAt: at } };

describe('User', () => {
  describe('When nobody is registered', () => {
    it('registers an e-mail/password user who must confirm the address', () => {
      const spec = given([]).when(
        command('RegisterUser', { userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' }),
      );
      spec.then({ ...registered, id: 'e1' });
      expect(spec.state()).toMatchObject({ emailConfirmed: false, hasPassword: true, roles: [ROLE_USER] });
    });

    it('registers a Google user confirmed and connected, without a password', () => {
      const spec = given([]).when(
        command('RegisterGoogleUser', {
          userId,
          email: 'ann@gmail.com',
          firstName: 'Ann',
          lastName: 'Lee',
          providerUserId: 'g-1',
        }),
      );
      expect(spec.events().map((event) => event.type)).toEqual([
        'UserRegistered',
        'UserEmailConfirmed',
        'OAuthProviderConnected',
      ]);
      expect(spec.state()).toMatchObject({
        emailConfirmed: true,
        hasPassword: false,
        google: { providerUserId: 'g-1' },
      });
    });

    it('refuses every other command with "User not found"', () => {
      given([]).when(command('DisableUser', {})).thenThrows(failsWith('USER_NOT_FOUND', 'not_found'));
    });
  });

  describe('When registered and unconfirmed', () => {
    it('confirms the address once, then answers "Email already confirmed."', () => {
      given(registered)
        .when(command('ConfirmEmail', { email: 'ann@example.com' }))
        .then({ ...confirmed, id: 'e1' });
      given([registered, confirmed])
        .when(command('ConfirmEmail', { email: 'ann@example.com' }))
        .thenThrows(failsWith('EMAIL_ALREADY_CONFIRMED', 'conflict'));
    });

    it('refuses to register the same user twice', () => {
      given(registered)
        .when(command('RegisterUser', { userId, email: 'x@example.com', firstName: 'Ann', lastName: 'Lee' }))
        .thenThrows(failsWith('USER_ALREADY_REGISTERED', 'conflict'));
    });

    it('confirms the address when a password reset link is used', () => {
      const events = given(registered).when(command('SetPassword', {})).events();
      expect(events.map((event) => [event.type, event.data])).toEqual([
        ['UserPasswordSet', { userId, reason: 'reset', setAt: at }],
        ['UserEmailConfirmed', { userId, email: 'ann@example.com', confirmedAt: at }],
      ]);
    });
  });

  describe('When changing the password', () => {
    it('records the change without any secret', () => {
      const events = given([registered, confirmed])
        .when(command('ChangePassword', { currentPasswordVerified: true, differsFromCurrent: true }))
        .events();
      expect(events).toEqual([{ id: 'e1', type: 'UserPasswordChanged', data: { userId, changedAt: at } }]);
    });

    it('rejects a wrong current password (400) and an unchanged one (409)', () => {
      given(registered)
        .when(command('ChangePassword', { currentPasswordVerified: false, differsFromCurrent: true }))
        .thenThrows(failsWith('INCORRECT_CURRENT_PASSWORD', 'validation'));
      given(registered)
        .when(command('ChangePassword', { currentPasswordVerified: true, differsFromCurrent: false }))
        .thenThrows(failsWith('PASSWORD_UNCHANGED', 'conflict'));
    });

    it('refuses a disabled user with "User is disabled"', () => {
      given([registered, disabled])
        .when(command('ChangePassword', { currentPasswordVerified: true, differsFromCurrent: true }))
        .thenThrows(failsWith('USER_DISABLED', 'validation'));
    });
  });

  describe('When changing the e-mail address', () => {
    const requested: UserEvent = {
      id: 'q',
      type: 'UserEmailChangeRequested',
      data: { userId, newEmail: 'new@example.com', requestedAt: at },
    };

    it('records the request, then the change for the requested address only', () => {
      given(registered)
        .when(command('RequestEmailChange', { newEmail: 'new@example.com' }))
        .then({ ...requested, id: 'e1' });
      const spec = given([registered, requested]).when(
        command('ChangeEmail', { newEmail: 'new@example.com' }),
      );
      expect(spec.events()[0]?.data).toEqual({
        userId,
        previousEmail: 'ann@example.com',
        newEmail: 'new@example.com',
        changedAt: at,
      });
      expect(spec.state()).toMatchObject({
        email: 'new@example.com',
        pendingEmail: null,
        emailConfirmed: true,
      });
      given([registered, requested])
        .when(command('ChangeEmail', { newEmail: 'other@example.com' }))
        .thenThrows(failsWith('EMAIL_CHANGE_NOT_REQUESTED', 'not_found'));
    });

    it('answers "Email already in use." for the current address', () => {
      given(registered)
        .when(command('RequestEmailChange', { newEmail: 'ann@example.com' }))
        .thenThrows(failsWith('EMAIL_IN_USE', 'conflict'));
    });
  });

  describe('When connecting and disconnecting Google', () => {
    it('connects once; the same Google account again changes nothing', () => {
      given(registered)
        .when(command('ConnectGoogle', { providerUserId: 'g-1', email: 'ann@gmail.com' }))
        .then({ ...google, id: 'e1' });
      given([registered, google])
        .when(command('ConnectGoogle', { providerUserId: 'g-1', email: 'ann@gmail.com' }))
        .thenNothingHappened();
      given([registered, google])
        .when(command('ConnectGoogle', { providerUserId: 'g-2', email: 'ann@gmail.com' }))
        .thenThrows(failsWith('GOOGLE_ALREADY_CONNECTED', 'conflict'));
    });

    it('disconnects while a password remains; blocks the only way to sign in', () => {
      expect(
        given([registered, google])
          .when(command('DisconnectProvider', { provider: 'google' }))
          .state(),
      ).toMatchObject({
        google: null,
      });
      const googleOnly: UserEvent = { ...registered, data: { ...registered.data, signInMethod: 'google' } };
      given([googleOnly, google])
        .when(command('DisconnectProvider', { provider: 'google' }))
        .thenThrows(failsWith('LAST_SIGN_IN_METHOD', 'conflict'));
    });

    it('answers "Provider not found" for anything not connected', () => {
      given(registered)
        .when(command('DisconnectProvider', { provider: 'google' }))
        .thenThrows(failsWith('PROVIDER_NOT_FOUND', 'validation'));
      given([registered, google])
        .when(command('DisconnectProvider', { provider: 'github' }))
        .thenThrows(failsWith('PROVIDER_NOT_FOUND', 'validation'));
    });

    it('creates a password for a Google-only account through the e-mailed link', () => {
      const googleOnly: UserEvent = { ...registered, data: { ...registered.data, signInMethod: 'google' } };
      const spec = given([googleOnly, confirmed, google]).when(command('SetPassword', {}));
      expect(spec.events()).toEqual([
        { id: 'e1', type: 'UserPasswordSet', data: { userId, reason: 'created', setAt: at } },
      ]);
      expect(spec.state()).toMatchObject({ hasPassword: true });
    });
  });

  describe('When an admin changes plans, roles and access', () => {
    it('records a plan change with the previous plan; the same plan is a no-op', () => {
      given(registered)
        .when(command('ChangePlan', { plan: 'GROWTH', source: 'admin' }))
        .then({
          id: 'e1',
          type: 'UserPlanChanged',
          data: { userId, plan: 'GROWTH', previousPlan: null, source: 'admin', changedAt: at },
        });
      given(registered)
        .when(command('ChangePlan', { plan: null, source: 'billing' }))
        .thenNothingHappened();
    });

    it('grants and revokes to reach the wanted roles', () => {
      const spec = given(registered).when(command('SetRoles', { roles: [ROLE_ADMIN] }));
      expect(spec.events().map((event) => [event.type, event.data])).toEqual([
        ['UserRoleGranted', { userId, role: ROLE_ADMIN, grantedAt: at }],
        ['UserRoleRevoked', { userId, role: ROLE_USER, revokedAt: at }],
      ]);
      given(registered)
        .when(command('SetRoles', { roles: [] }))
        .thenThrows(failsWith('ROLES_REQUIRED', 'validation'));
    });

    it('keeps an admin from removing their own admin role', () => {
      const admin: UserEvent = {
        id: 'a',
        type: 'UserRoleGranted',
        data: { userId, role: ROLE_ADMIN, grantedAt: at },
      };
      given([registered, admin])
        .when(command('SetRoles', { roles: [ROLE_USER], byUserId: userId }))
        .thenThrows(failsWith('OWN_ADMIN_ROLE', 'conflict'));
      given([registered, admin])
        .when(command('SetRoles', { roles: [ROLE_USER], byUserId: 'other' }))
        .events();
    });

    it('disables and enables idempotently', () => {
      given(registered)
        .when(command('DisableUser', {}))
        .then({ ...disabled, id: 'e1' });
      given([registered, disabled]).when(command('DisableUser', {})).thenNothingHappened();
      expect(given([registered, disabled]).when(command('EnableUser', {})).state()).toMatchObject({
        disabled: false,
      });
    });
  });
});
