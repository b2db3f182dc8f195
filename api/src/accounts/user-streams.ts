import { randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import { isDomainError } from '@etf-replicator/core/shared/domain-error';
import {
  type EmailReservation,
  type EmailReservationEvent,
  emailReservationDecider,
  emailReservationEventSchemaVersion,
  emailReservationStreamId,
  parseEmailReservationEvent,
  parseUserEvent,
  type UserCommand,
  type UserCommandMetadata,
  type UserEvent,
  type UserState,
  userDecider,
  userEventSchemaVersion,
  userStreamId,
} from '@etf-replicator/core/user/index';
import { type CommandResult, handleCommand, type StreamFolder } from '../commands/handle-command';
import { emailKey } from './crypto';

/** Who caused a change, for the events' metadata (audit log). */
export type Actor = { readonly actorUserId?: string | null; readonly correlationId?: string };

const userFolder: StreamFolder<UserState, UserEvent> = {
  initialState: userDecider.initialState,
  evolve: userDecider.evolve,
  parse: parseUserEvent,
  schemaVersionOf: userEventSchemaVersion,
};
const reservationFolder: StreamFolder<EmailReservation, EmailReservationEvent> = {
  initialState: emailReservationDecider.initialState,
  evolve: emailReservationDecider.evolve,
  parse: parseEmailReservationEvent,
  schemaVersionOf: emailReservationEventSchemaVersion,
};

/** Fresh ids for the events a command may produce (a retry after a lost race reuses them). */
export const commandMetadata = (now: Date): UserCommandMetadata => ({
  now,
  eventId: randomUUID(),
  moreEventIds: Array.from({ length: 5 }, () => randomUUID()),
});

const fold = async <S, E>(eventStore: EventStore, streamId: string, folder: StreamFolder<S, E>) =>
  (await eventStore.readStream(streamId)).reduce(
    (state, event) => folder.evolve(state, folder.parse(event)),
    folder.initialState(),
  );

export const loadUser = (eventStore: EventStore, userId: string): Promise<UserState> =>
  fold(eventStore, userStreamId(userId), userFolder);

/** Runs a user command: fold the stream, decide, append with the expected revision (one retry on a lost race). */
export const executeUserCommand = (
  eventStore: EventStore,
  userId: string,
  command: UserCommand,
  actor: Actor = {},
): Promise<CommandResult<UserState>> =>
  handleCommand(eventStore, userStreamId(userId), userFolder, (state) => userDecider.decide(command, state), {
    ...actor,
  });

const reservationStream = (email: string) => emailReservationStreamId(emailKey(email));

export const findEmailReservation = (eventStore: EventStore, email: string): Promise<EmailReservation> =>
  fold(eventStore, reservationStream(email), reservationFolder);

/** The user holding an address, if any (authoritative: read from the reservation stream, not a read model). */
export const findUserIdByEmail = async (
  eventStore: EventStore,
  email: string,
): Promise<string | undefined> => {
  const reservation = await findEmailReservation(eventStore, email);
  return reservation.status === 'reserved' ? reservation.userId : undefined;
};

/** Reserves an address for a user; false when someone else holds it (also after losing a race for it). */
export const reserveEmail = async (
  eventStore: EventStore,
  { email, userId, reclaimFrom, now }: { email: string; userId: string; reclaimFrom?: string; now: Date },
  actor: Actor = {},
): Promise<boolean> => {
  try {
    await handleCommand(
      eventStore,
      reservationStream(email),
      reservationFolder,
      (state) =>
        emailReservationDecider.decide(
          {
            type: 'ReserveEmail',
            data: { email, userId, ...(reclaimFrom ? { reclaimFrom } : {}) },
            metadata: commandMetadata(now),
          },
          state,
        ),
      { ...actor },
    );
    return true;
  } catch (error) {
    if (isDomainError(error) && error.code === 'EMAIL_TAKEN') return false;
    throw error;
  }
};

export const releaseEmail = async (
  eventStore: EventStore,
  { email, userId, now }: { email: string; userId: string; now: Date },
  actor: Actor = {},
) => {
  await handleCommand(
    eventStore,
    reservationStream(email),
    reservationFolder,
    (state) =>
      emailReservationDecider.decide(
        { type: 'ReleaseEmail', data: { userId }, metadata: commandMetadata(now) },
        state,
      ),
    { ...actor },
  );
};
