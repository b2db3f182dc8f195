import { z } from 'zod';
import { accountMessages } from '../contracts/accounts';
import type { Command, Decider, DefaultCommandMetadata, Event } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { eventCatalog } from '../shared/event-versions';
import { eventIdAt } from './emit';

/**
 * Unique e-mail addresses: one stream per address, `email-{sha256(normalized address)}`. Reserving appends with
 * "no stream" (or the revision of the last release), so of two concurrent registrations exactly one wins. Changing
 * an address reserves the new one and releases the old one. The hash is computed by the caller (core has no crypto).
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const emailReservationStreamId = (emailSha256Hex: string): string => `email-${emailSha256Hex}`;

const iso = z.iso.datetime({ offset: true });
export const emailReservationEventSchemas = {
  EmailReserved: z.object({ email: z.string(), userId: z.string(), reservedAt: iso }),
  EmailReleased: z.object({ email: z.string(), userId: z.string(), releasedAt: iso }),
} as const;

export type EmailReservationEvent =
  | Event<'EmailReserved', z.infer<typeof emailReservationEventSchemas.EmailReserved>>
  | Event<'EmailReleased', z.infer<typeof emailReservationEventSchemas.EmailReleased>>;

/** Reservation events: the version each type is stamped with, and the parse of a stored payload (issue 21). */
const emailReservationEvents = eventCatalog('an e-mail reservation', emailReservationEventSchemas, {
  current: { EmailReserved: 1, EmailReleased: 1 },
  upcasters: {},
});
export const emailReservationEventSchemaVersion = emailReservationEvents.schemaVersionOf;

export const parseEmailReservationEvent = (event: {
  id: string;
  type: string;
  data: unknown;
  metadata?: { schemaVersion?: unknown };
}): EmailReservationEvent => ({
  id: event.id,
  ...emailReservationEvents.parse(event.type, event.data, event.metadata?.schemaVersion),
});

export type EmailReservation =
  | { readonly status: 'free' }
  | {
      readonly status: 'reserved';
      readonly userId: string;
      readonly email: string;
      readonly reservedAt: string;
    };

type Metadata = DefaultCommandMetadata & { readonly moreEventIds?: readonly string[] };
export type ReserveEmail = Command<
  'ReserveEmail',
  {
    email: string;
    userId: string;
    /** Take over a reservation the API found abandoned (its owner never got a user stream). */
    reclaimFrom?: string;
  },
  Metadata
>;
export type ReleaseEmail = Command<'ReleaseEmail', { userId: string }, Metadata>;
export type EmailReservationCommand = ReserveEmail | ReleaseEmail;

export const emailTakenError = () => new DomainError('EMAIL_TAKEN', 'conflict', accountMessages.emailTaken);

const idAt = eventIdAt;

const decide = (command: EmailReservationCommand, state: EmailReservation): EmailReservationEvent[] => {
  const now = command.metadata.now.toISOString();
  if (command.type === 'ReleaseEmail') {
    if (state.status !== 'reserved' || state.userId !== command.data.userId) return [];
    return [
      {
        id: idAt(command.metadata, 0),
        type: 'EmailReleased',
        data: { email: state.email, userId: state.userId, releasedAt: now },
      },
    ];
  }
  const { email, userId, reclaimFrom } = command.data;
  const reserve = (index: number): EmailReservationEvent => ({
    id: idAt(command.metadata, index),
    type: 'EmailReserved',
    data: { email, userId, reservedAt: now },
  });
  if (state.status === 'free') return [reserve(0)];
  if (state.userId === userId) return [];
  if (reclaimFrom === undefined || reclaimFrom !== state.userId) throw emailTakenError();
  return [
    {
      id: idAt(command.metadata, 0),
      type: 'EmailReleased',
      data: { email: state.email, userId: state.userId, releasedAt: now },
    },
    reserve(1),
  ];
};

const evolve = (_state: EmailReservation, event: EmailReservationEvent): EmailReservation =>
  event.type === 'EmailReserved'
    ? {
        status: 'reserved',
        userId: event.data.userId,
        email: event.data.email,
        reservedAt: event.data.reservedAt,
      }
    : { status: 'free' };

export const emailReservationDecider: Decider<
  EmailReservation,
  EmailReservationCommand,
  EmailReservationEvent
> = {
  decide,
  evolve,
  initialState: () => ({ status: 'free' }),
};
