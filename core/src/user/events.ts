import { z } from 'zod';
import { billingEventSchemas } from '../billing/events';
import { userRoleSchema } from '../contracts/accounts';
import { planSchema } from '../plans/plans';
import type { Event } from '../shared/decider';
import { type EventVersioning, liftToCurrentVersion } from '../shared/event-versions';
import type { UpcasterTable } from '../shared/upcast';

/**
 * Events of the user stream (`user-{userId}`). Secrets never appear here: a password event says that the password
 * changed, not what it is. Times are ISO strings; every type has a zod schema and a version (upcast on read).
 */
const iso = z.iso.datetime({ offset: true });
const base = { userId: z.string().min(1) };

export const userEventSchemas = {
  UserRegistered: z.object({
    ...base,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** How the account was created; an e-mail/password account holds a password from the start. */
    signInMethod: z.enum(['emailpassword', 'google']),
    registeredAt: iso,
  }),
  UserEmailConfirmed: z.object({ ...base, email: z.string(), confirmedAt: iso }),
  UserEmailChangeRequested: z.object({ ...base, newEmail: z.string(), requestedAt: iso }),
  UserEmailChanged: z.object({ ...base, previousEmail: z.string(), newEmail: z.string(), changedAt: iso }),
  /** A password set through an e-mailed link: `created` for an account that had none (Google-only), else `reset`. */
  UserPasswordSet: z.object({ ...base, reason: z.enum(['reset', 'created']), setAt: iso }),
  UserPasswordChanged: z.object({ ...base, changedAt: iso }),
  OAuthProviderConnected: z.object({
    ...base,
    provider: z.literal('google'),
    /** The provider's stable user id (OpenID `sub`). */
    providerUserId: z.string(),
    email: z.string(),
    connectedAt: iso,
  }),
  OAuthProviderDisconnected: z.object({ ...base, provider: z.literal('google'), disconnectedAt: iso }),
  UserPlanChanged: z.object({
    ...base,
    /** null = Free (no plan claim). */
    plan: planSchema.nullable(),
    previousPlan: planSchema.nullable(),
    source: z.enum(['admin', 'billing', 'seed']),
    changedAt: iso,
  }),
  UserRoleGranted: z.object({ ...base, role: userRoleSchema, grantedAt: iso }),
  UserRoleRevoked: z.object({ ...base, role: userRoleSchema, revokedAt: iso }),
  UserDisabled: z.object({ ...base, disabledAt: iso }),
  UserEnabled: z.object({ ...base, enabledAt: iso }),
  /** Subscriptions, invoices and payment reversals (core/src/billing): the user's billing history. */
  ...billingEventSchemas,
} as const;

export type UserEventType = keyof typeof userEventSchemas;
export type UserEventData<T extends UserEventType> = z.infer<(typeof userEventSchemas)[T]>;
export type UserEvent = {
  [T in UserEventType]: Event<T, UserEventData<T>>;
}[UserEventType];

export const USER_EVENT_TYPES = Object.keys(userEventSchemas) as UserEventType[];
/** Current schema version of each user event type; the writer stamps it into the event metadata. */
export const USER_EVENT_SCHEMA_VERSIONS: Readonly<Record<UserEventType, number>> = Object.fromEntries(
  Object.keys(userEventSchemas).map((type) => [type, 1]),
) as Record<UserEventType, number>;
/** Lifts older payloads to the current version; empty while every type is at version 1. */
export const userEventUpcasters: UpcasterTable = {};
export const userEventVersioning: EventVersioning<UserEventType> = {
  current: USER_EVENT_SCHEMA_VERSIONS,
  upcasters: userEventUpcasters,
};

/** The version the writer stamps on a new user event of this type. */
export const userEventSchemaVersion = (type: string): number => {
  if (!isUserEventType(type)) throw new Error(`Not a user event: ${type}`);
  return USER_EVENT_SCHEMA_VERSIONS[type];
};

export const isUserEventType = (type: string): type is UserEventType => Object.hasOwn(userEventSchemas, type);

/**
 * Validates an event read back from the log (upcasting older versions first). Throws on data that breaks its schema:
 * the command side must not fold a corrupt stream. Projections use `safeParseUserEvent` instead.
 */
export const parseUserEvent = (event: {
  id: string;
  type: string;
  data: unknown;
  metadata?: { schemaVersion?: unknown };
}): UserEvent => {
  if (!isUserEventType(event.type)) throw new Error(`Not a user event: ${event.type}`);
  const data = liftToCurrentVersion(
    userEventVersioning,
    event.type,
    event.data,
    event.metadata?.schemaVersion,
  );
  return { id: event.id, type: event.type, data: userEventSchemas[event.type].parse(data) } as UserEvent;
};

export const safeParseUserEvent = (event: Parameters<typeof parseUserEvent>[0]): UserEvent | undefined => {
  try {
    return parseUserEvent(event);
  } catch {
    return undefined;
  }
};

export const userStreamId = (userId: string): string => `user-${userId}`;
