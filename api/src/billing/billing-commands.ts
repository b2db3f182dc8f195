import { randomUUID } from 'node:crypto';
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
import { uuidFromKey } from '../commands/uuid-from-key';

/** The read models a billing change shows up in; commands wait for them (read your writes). */
export const BILLING_READ_MODELS = ['users', 'billing_accounts', 'invoices'] as const;

const folder: StreamFolder<BillingAggregate, UserEvent> = {
  initialState: billingDecider.initialState,
  evolve: billingDecider.evolve,
  parse: parseUserEvent,
  schemaVersionOf: userEventSchemaVersion,
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
