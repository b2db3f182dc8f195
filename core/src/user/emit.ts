import type { DefaultCommandMetadata } from '../shared/decider';
import type { UserCommandMetadata } from './commands';
import type { UserEvent, UserEventData, UserEventType } from './events';

/** The command's `eventId` for its first event, then `moreEventIds` in order. */
export const eventIdAt = (
  metadata: DefaultCommandMetadata & { moreEventIds?: readonly string[] },
  index: number,
) => {
  const id = index === 0 ? metadata.eventId : metadata.moreEventIds?.[index - 1];
  if (!id) throw new Error(`The command needs an event id for its event #${index + 1}`);
  return id;
};

type Draft = { [T in UserEventType]: { type: T; data: UserEventData<T> } }[UserEventType];

export const draft = <T extends UserEventType>(type: T, data: UserEventData<T>) => ({ type, data }) as Draft;

/** Gives the drafted events the ids the command brought, in order. */
export const emit = (metadata: UserCommandMetadata, ...drafts: Draft[]): UserEvent[] =>
  drafts.map((event, index) => {
    const id = eventIdAt(metadata, index);
    return { id, ...event } as UserEvent;
  });

export const at = (metadata: UserCommandMetadata): string => metadata.now.toISOString();
