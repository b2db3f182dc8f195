import type { Position } from '@etf-replicator/core';
import { accountMessages as m } from '@etf-replicator/core/contracts/accounts';
import type { RegisteredUser } from '@etf-replicator/core/user/index';
import { findUserByGoogleId } from '@etf-replicator/projections/users/queries';
import { HttpError } from '../../http/http-error';
import type { AccountsContext } from '../accounts-context';
import { createAccount } from '../create-account';
import {
  type Actor,
  commandMetadata,
  executeUserCommand,
  findUserIdByEmail,
  loadUser,
} from '../user-streams';
import type { GoogleProfile } from './google-endpoints';

type Outcome = { readonly user: RegisteredUser; readonly position: Position | undefined };

const requireVerified = (profile: GoogleProfile) => {
  if (profile.email_verified === false) throw new HttpError(400, m.oauthEmailNotVerified);
};

/**
 * Sign-in with Google: the account connected to this Google id, or a new account when the address is free.
 * An existing e-mail/password account is never taken over by a Google login: the user signs in with the password
 * and connects Google from the settings (400 'Account with email already exists.').
 */
export const signInWithGoogle = async (
  context: AccountsContext,
  profile: GoogleProfile,
  now: Date,
  actor: Actor,
): Promise<Outcome> => {
  requireVerified(profile);
  const connected = await findUserByGoogleId(context.pool, profile.sub);
  if (connected) {
    const user = await loadUser(context.eventStore, connected.id);
    if (user.status !== 'registered') throw new HttpError(400, m.oauthFailed);
    if (user.disabled) throw new HttpError(400, m.userDisabled);
    return { user, position: undefined };
  }
  if (await findUserIdByEmail(context.eventStore, profile.email))
    throw new HttpError(400, m.oauthEmailExists);
  const created = await createAccount(
    context,
    {
      email: profile.email,
      firstName: profile.given_name ?? '',
      lastName: profile.family_name ?? '',
      google: { providerUserId: profile.sub },
    },
    now,
    actor,
  );
  if (created.status === 'taken') throw new HttpError(400, m.oauthEmailExists);
  return { user: created.user, position: created.position };
};

/** Connects Google to a signed-in user, unless that Google id or its address belongs to someone else. */
export const connectGoogle = async (
  context: AccountsContext,
  userId: string,
  profile: GoogleProfile,
  now: Date,
  actor: Actor,
): Promise<Outcome> => {
  requireVerified(profile);
  const connected = await findUserByGoogleId(context.pool, profile.sub);
  if (connected && connected.id !== userId) throw new HttpError(400, m.oauthGoogleIdExists);
  const owner = await findUserIdByEmail(context.eventStore, profile.email);
  if (owner && owner !== userId) throw new HttpError(400, m.oauthEmailExists);
  const result = await executeUserCommand(
    context.eventStore,
    userId,
    {
      type: 'ConnectGoogle',
      data: { providerUserId: profile.sub, email: profile.email },
      metadata: commandMetadata(now),
    },
    actor,
  );
  if (result.state.status !== 'registered') throw new HttpError(400, m.oauthFailed);
  return { user: result.state, position: result.position };
};
