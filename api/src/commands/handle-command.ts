import {
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '@etf-replicator/core';

/** How to rebuild an aggregate from its stream: validate each recorded event, then fold it. */
export type StreamFolder<State, Event> = {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  /** Validates (and upcasts) an event read back from the log; throws on data that breaks its schema. */
  readonly parse: (event: RecordedEvent) => Event;
};

export type DomainEventToAppend = { readonly type: string; readonly data: unknown; readonly id?: string };

export type CommandResult<State> = {
  readonly state: State;
  readonly appended: readonly RecordedEventLike[];
  /** Log position of the last appended event, or undefined when the command changed nothing. */
  readonly position: Position | undefined;
};

export type RecordedEventLike = { readonly id: string; readonly type: string; readonly data: unknown };

/**
 * Emmett's command handler: read the stream, fold it, decide, append with the expected revision. A lost race is
 * retried once with fresh state (decide is pure, so that is safe); a second loss surfaces as
 * WrongExpectedVersionError (409). `decide` returning [] means the command is already satisfied.
 */
export const handleCommand = async <State, Event>(
  eventStore: EventStore,
  streamId: string,
  folder: StreamFolder<State, Event>,
  decide: (state: State) => readonly DomainEventToAppend[],
  metadata: EventMetadata = {},
  { retries = 1, newId }: { retries?: number; newId?: () => string } = {},
): Promise<CommandResult<State>> => {
  for (let attempt = 0; ; attempt++) {
    const recorded = await eventStore.readStream(streamId);
    let state = folder.initialState();
    for (const event of recorded) state = folder.evolve(state, folder.parse(event));
    const decided = decide(state);
    if (decided.length === 0) return { state, appended: [], position: undefined };

    const events: NewEvent[] = decided.map((event) => ({
      id: event.id ?? newId?.() ?? globalThis.crypto.randomUUID(),
      type: event.type,
      data: event.data,
      metadata: { ...metadata, schemaVersion: (metadata.schemaVersion as number | undefined) ?? 1 },
    }));
    try {
      const result = await eventStore.appendToStream(streamId, events, {
        expectedRevision: recorded.length === 0 ? 'no_stream' : recorded.length - 1,
      });
      const appended = events.map((event) => ({
        id: event.id as string,
        type: event.type,
        data: event.data,
      }));
      for (const event of appended) {
        state = folder.evolve(
          state,
          folder.parse({
            ...event,
            metadata: {},
            streamId,
            streamRevision: 0,
            globalPosition: result.position,
            recordedAt: new Date(),
          }),
        );
      }
      return { state, appended, position: result.position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < retries) continue;
      throw error;
    }
  }
};
