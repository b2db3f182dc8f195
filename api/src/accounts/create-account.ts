import { randomUUID } from 'node:crypto';
import type { Position } from '@etf-replicator/core';
import type { RegisteredUser, UserCommand } from '@etf-replicator/core/user/index';
import type { AccountsContext } from './accounts-context';
import { setPasswordHash } from './password-store';
import {
  type Actor,
  commandMetadata,
  executeUserCommand,
  findEmailReservation,
  loadUser,
  reserveEmail,
} from './user-streams';

/** A reservation whose owner never got a user stream (a crash between the two appends) is free after this. */
const ABANDONED_AFTER_MS = 5 * 60_000;

export type NewAccount = {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
} & ({ readonly passwordHash: string } | { readonly google: { readonly providerUserId: string } });

export type CreateAccountResult =
  | { readonly status: 'created'; readonly user: RegisteredUser; readonly position: Position | undefined }
  | { readonly status: 'taken'; readonly ownerId: string | undefined };

/**
 * Creates an account: reserve the address (exactly one of two concurrent registrations wins), store the password
 * hash (outside the log), then append the registration. The address stays reserved even if a later step fails;
 * such an orphan reservation is reclaimed after a few minutes.
 */
export const createAccount = async (
  context: Pick<AccountsContext, 'eventStore' | 'pool'>,
  account: NewAccount,
  now: Date,
  actor: Actor = {},
): Promise<CreateAccountResult> => {
  const { eventStore } = context;
  const userId = randomUUID();
  const reservation = await findEmailReservation(eventStore, account.email);
  let reclaimFrom: string | undefined;
  if (reservation.status === 'reserved') {
    const abandoned =
      now.getTime() - Date.parse(reservation.reservedAt) > ABANDONED_AFTER_MS &&
      (await loadUser(eventStore, reservation.userId)).status === 'none';
    if (!abandoned) return { status: 'taken', ownerId: reservation.userId };
    reclaimFrom = reservation.userId;
  }
  const reserved = await reserveEmail(
    eventStore,
    { email: account.email, userId, now, ...(reclaimFrom ? { reclaimFrom } : {}) },
    actor,
  );
  if (!reserved) {
    const winner = await findEmailReservation(eventStore, account.email);
    return { status: 'taken', ownerId: winner.status === 'reserved' ? winner.userId : undefined };
  }

  const { email, firstName, lastName } = account;
  const metadata = commandMetadata(now);
  let command: UserCommand;
  if ('passwordHash' in account) {
    await setPasswordHash(context.pool, userId, account.passwordHash);
    command = { type: 'RegisterUser', data: { userId, email, firstName, lastName }, metadata };
  } else {
    const { providerUserId } = account.google;
    command = {
      type: 'RegisterGoogleUser',
      data: { userId, email, firstName, lastName, providerUserId },
      metadata,
    };
  }
  const result = await executeUserCommand(eventStore, userId, command, {
    ...actor,
    actorUserId: actor.actorUserId ?? userId,
  });
  if (result.state.status !== 'registered') throw new Error('Registration produced no user');
  return { status: 'created', user: result.state, position: result.position };
};
