import type {
  ChangeEmail,
  ChangePassword,
  ConfirmEmail,
  ConnectGoogle,
  DisconnectProvider,
  RegisterGoogleUser,
  RegisterUser,
  RequestEmailChange,
  SetPassword,
} from './commands';
import { at, draft, emit } from './emit';
import type { UserEvent } from './events';
import type { RegisteredUser, UserState } from './state';
import { userErrors } from './user-errors';

/** The user must exist; most commands also refuse a disabled account. */
export const registered = (state: UserState): RegisteredUser => {
  if (state.status !== 'registered') throw userErrors.notFound();
  return state;
};
const active = (state: UserState): RegisteredUser => {
  const user = registered(state);
  if (user.disabled) throw userErrors.disabled();
  return user;
};

export const registerUser = ({ data, metadata }: RegisterUser, state: UserState): UserEvent[] => {
  if (state.status === 'registered') throw userErrors.alreadyRegistered();
  return emit(
    metadata,
    draft('UserRegistered', { ...data, signInMethod: 'emailpassword', registeredAt: at(metadata) }),
  );
};

/** Google vouches for the address, so the account starts confirmed and connected. */
export const registerGoogleUser = ({ data, metadata }: RegisterGoogleUser, state: UserState): UserEvent[] => {
  if (state.status === 'registered') throw userErrors.alreadyRegistered();
  const { userId, email, firstName, lastName, providerUserId } = data;
  const now = at(metadata);
  return emit(
    metadata,
    draft('UserRegistered', {
      userId,
      email,
      firstName,
      lastName,
      signInMethod: 'google',
      registeredAt: now,
    }),
    draft('UserEmailConfirmed', { userId, email, confirmedAt: now }),
    draft('OAuthProviderConnected', { userId, provider: 'google', providerUserId, email, connectedAt: now }),
  );
};

export const confirmEmail = ({ data, metadata }: ConfirmEmail, state: UserState): UserEvent[] => {
  const user = registered(state);
  if (user.emailConfirmed) throw userErrors.alreadyConfirmed();
  if (data.email !== user.email) throw userErrors.confirmTokenStale();
  return emit(
    metadata,
    draft('UserEmailConfirmed', { userId: user.userId, email: user.email, confirmedAt: at(metadata) }),
  );
};

export const requestEmailChange = ({ data, metadata }: RequestEmailChange, state: UserState): UserEvent[] => {
  const user = active(state);
  if (data.newEmail === user.email) throw userErrors.emailInUse();
  if (data.newEmail === user.pendingEmail) return [];
  return emit(
    metadata,
    draft('UserEmailChangeRequested', {
      userId: user.userId,
      newEmail: data.newEmail,
      requestedAt: at(metadata),
    }),
  );
};

/** Only the latest requested address can be confirmed; an older link finds nothing. */
export const changeEmail = ({ data, metadata }: ChangeEmail, state: UserState): UserEvent[] => {
  const user = active(state);
  if (data.newEmail === user.email) return [];
  if (data.newEmail !== user.pendingEmail) throw userErrors.emailChangeNotRequested();
  return emit(
    metadata,
    draft('UserEmailChanged', {
      userId: user.userId,
      previousEmail: user.email,
      newEmail: data.newEmail,
      changedAt: at(metadata),
    }),
  );
};

/** The link went to the user's inbox, so following it also proves the address. */
export const setPassword = ({ metadata }: SetPassword, state: UserState): UserEvent[] => {
  const user = active(state);
  const { userId } = user;
  const passwordSet = draft('UserPasswordSet', {
    userId,
    reason: user.hasPassword ? 'reset' : 'created',
    setAt: at(metadata),
  });
  if (user.emailConfirmed) return emit(metadata, passwordSet);
  return emit(
    metadata,
    passwordSet,
    draft('UserEmailConfirmed', { userId, email: user.email, confirmedAt: at(metadata) }),
  );
};

export const changePassword = ({ data, metadata }: ChangePassword, state: UserState): UserEvent[] => {
  const user = active(state);
  if (!user.hasPassword || !data.currentPasswordVerified) throw userErrors.incorrectCurrentPassword();
  if (!data.differsFromCurrent) throw userErrors.passwordUnchanged();
  return emit(metadata, draft('UserPasswordChanged', { userId: user.userId, changedAt: at(metadata) }));
};

export const connectGoogle = ({ data, metadata }: ConnectGoogle, state: UserState): UserEvent[] => {
  const user = active(state);
  if (user.google?.providerUserId === data.providerUserId) return [];
  if (user.google) throw userErrors.googleAlreadyConnected();
  return emit(
    metadata,
    draft('OAuthProviderConnected', {
      userId: user.userId,
      provider: 'google',
      providerUserId: data.providerUserId,
      email: data.email,
      connectedAt: at(metadata),
    }),
  );
};

/** Only Google can be disconnected, and only while a password remains to sign in with. */
export const disconnectProvider = ({ data, metadata }: DisconnectProvider, state: UserState): UserEvent[] => {
  const user = active(state);
  if (data.provider.toLowerCase() !== 'google' || !user.google) throw userErrors.providerNotFound();
  if (!user.hasPassword) throw userErrors.lastSignInMethod();
  return emit(
    metadata,
    draft('OAuthProviderDisconnected', {
      userId: user.userId,
      provider: 'google',
      disconnectedAt: at(metadata),
    }),
  );
};
