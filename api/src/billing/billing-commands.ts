import { createHash, randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import {
  type BillingAggregate,
  type BillingCommand,
  billingDecider,
} from '@etf-replicator/core/billing/index';
import {
  parseUserEvent,
  type UserCommandMetadata,
  type UserEvent,
  userEventSchemaVersion,
  userStreamId,
} from '@etf-replicator/core/user/index';
import type { ProjectionRunner } from '@etf-replicator/projections';
import { type CommandResult, handleCommand, type StreamFolder } from '../commands/handle-command';

/** The read models a billing change shows up in; commands wait for them (read your writes). */
export const BILLING_READ_MODELS = ['users', 'billing_accounts', 'invoices'] as const;

const folder: StreamFolder<BillingAggregate, UserEvent> = {
  initialState: billingDecider.initialState,
  evolve: billingDecider.evolve,
  parse: parseUserEvent,
  schemaVersionOf: userEventSchemaVersion,
};

/** A name-based (v5-shaped) uuid: the same key always gives the same event id. */
export const uuidFromKey = (key: string): string => {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = (8 | (Number.parseInt(hex.charAt(16), 16) & 3)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Event ids for a command. Keyed by the Stripe event (and the command's place among those it causes), a retried or
 * concurrent delivery appends the very same ids, which the log treats as a no-op.
 */
export const billingCommandMetadata = (now: Date, key?: string): UserCommandMetadata => {
  const id = (index: number) => (key ? uuidFromKey(`${key}:${index}`) : randomUUID());
  return { now, eventId: id(0), moreEventIds: [1, 2, 3, 4].map(id) };
};

export type BillingStore = { readonly eventStore: EventStore; readonly projections: ProjectionRunner };

export type BillingActor = { readonly actorUserId: string | null; readonly correlationId?: string };

export const loadBilling = async (eventStore: EventStore, userId: string): Promise<BillingAggregate> =>
  (await eventStore.readStream(userStreamId(userId))).reduce(
    (state, event) => folder.evolve(state, folder.parse(event)),
    folder.initialState(),
  );

/** Decides a billing command on the user stream, appends, and waits until the billing read models show it. */
export const runBillingCommand = async (
  store: BillingStore,
  userId: string,
  command: BillingCommand,
  actor: BillingActor,
): Promise<CommandResult<BillingAggregate>> => {
  const result = await handleCommand(
    store.eventStore,
    userStreamId(userId),
    folder,
    (state) => billingDecider.decide(command, state),
    {
      actorUserId: actor.actorUserId,
      ...(actor.correlationId ? { correlationId: actor.correlationId } : {}),
    },
  );
  if (result.position) {
    await store.projections.waitForPosition(result.position, { projections: BILLING_READ_MODELS });
  }
  return result;
};
