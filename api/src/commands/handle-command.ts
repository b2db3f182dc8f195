import {
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '@etf-replicator/core';
import type { AggregateCache } from './aggregate-cache';
import { currentCommandScope, isFromStep, nextCommandStep } from './command-scope';

/** How to rebuild an aggregate from its stream: validate each recorded event, then fold it. */
export type StreamFolder<State, Event> = {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  /** Validates (and upcasts) an event read back from the log; throws on data that breaks its schema. */
  readonly parse: (event: RecordedEvent) => Event;
  /** The current schema version of an event type, stamped into the metadata of every event appended. */
  readonly schemaVersionOf: (type: string) => number;
};

export type DomainEventToAppend = { readonly type: string; readonly data: unknown; readonly id?: string };

export type CommandResult<State> = {
  readonly state: State;
  readonly appended: readonly RecordedEventLike[];
  /** Log position of the last appended event, or undefined when the command changed nothing. */
  readonly position: Position | undefined;
  /** The stream's revision after the command (-1: the stream does not exist). */
  readonly revision: number;
  /** The step was found in the log (appended by an earlier run of the same Idempotency-Key), not decided now. */
  readonly recovered?: boolean;
};

/** The caller acted on a revision of the stream that is no longer its latest (If-Match). */
export class StaleRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`${streamId} is at revision ${actual}, not ${expected}`);
    this.name = 'StaleRevisionError';
  }
}

export type RecordedEventLike = { readonly id: string; readonly type: string; readonly data: unknown };

/**
 * Emmett's command handler: read the stream, fold it, decide, append with the expected revision. A lost race is
 * retried once with fresh state (decide is pure, so that is safe); a second loss surfaces as
 * WrongExpectedVersionError (409). `decide` returning [] means the command is already satisfied.
 * With a `cache`, the fold starts from the cached aggregate: a command appends without reading the stream. Whatever
 * the cached state makes `decide` answer other than events (a refusal, or nothing to do) is confirmed against the
 * stream's tail first, so a stale entry never refuses a command the stream would accept.
 * Inside a request with an Idempotency-Key (command-scope.ts) each call is one step of the request: its events carry
 * the step's tag, and a step the log already holds (a retry completing a request a crash cut off, or a twin that won
 * the race) is answered from the log instead of being decided twice.
 */
export const handleCommand = async <State, Event>(
  eventStore: EventStore,
  streamId: string,
  folder: StreamFolder<State, Event>,
  decide: (state: State) => readonly DomainEventToAppend[] | Promise<readonly DomainEventToAppend[]>,
  metadata: EventMetadata = {},
  {
    retries = 1,
    newId,
    cache,
    expectedRevision,
  }: {
    retries?: number;
    newId?: () => string;
    cache?: AggregateCache<State>;
    /** The revision the caller saw (If-Match): any other answers StaleRevisionError, and a lost race is not retried. */
    expectedRevision?: number;
  } = {},
): Promise<CommandResult<State>> => {
  const fold = (state: State, recorded: readonly RecordedEvent[]) => {
    let folded = state;
    for (const event of recorded) folded = folder.evolve(folded, folder.parse(event));
    return folded;
  };
  /** The stream as the log has it now, from the cached entry when there is one (only its tail is read). */
  const load = async (from: { state: State; revision: number } | undefined) => {
    const tail = await eventStore.readStream(streamId, from ? { fromRevision: from.revision + 1 } : {});
    const state = fold(from?.state ?? folder.initialState(), tail);
    const revision = tail.at(-1)?.streamRevision ?? from?.revision ?? -1;
    if (revision >= 0) cache?.set(streamId, { state, revision });
    return { state, revision, fresh: true };
  };
  const step = nextCommandStep();
  /** This step's events as an earlier run appended them, with the state right after them. */
  const recorded = async (): Promise<CommandResult<State> | undefined> => {
    if (!step) return undefined;
    const stream = await eventStore.readStream(streamId);
    let last = -1;
    stream.forEach((event, index) => {
      if (isFromStep(event.metadata, step)) last = index;
    });
    const lastEvent = stream[last];
    if (!lastEvent) return undefined;
    const upTo = stream.slice(0, last + 1);
    return {
      state: fold(folder.initialState(), upTo),
      appended: upTo
        .filter((event) => isFromStep(event.metadata, step))
        .map(({ id, type, data }) => ({ id, type, data })),
      position: lastEvent.globalPosition,
      revision: lastEvent.streamRevision,
      recovered: true,
    };
  };
  if (currentCommandScope()?.recovering) {
    const earlier = await recorded();
    if (earlier) return earlier;
  }

  // What a lost race was decided from: streams only grow, so it is still the start of the stream and the retry
  // reads only what was appended after it (another server process's orders, when requests alternate between
  // processes, cost one conflict and a tail instead of the whole stream).
  let lostFrom: { state: State; revision: number } | undefined;
  for (let attempt = 0; ; attempt++) {
    const cached = lostFrom ? undefined : cache?.get(streamId);
    let current = cached ? { ...cached, fresh: false } : await load(lostFrom);
    lostFrom = undefined;
    if (expectedRevision !== undefined && current.revision !== expectedRevision) {
      if (!current.fresh) current = await load(current);
      if (current.revision !== expectedRevision)
        throw new StaleRevisionError(streamId, expectedRevision, current.revision);
    }
    let decided: readonly DomainEventToAppend[];
    for (;;) {
      try {
        decided = await decide(current.state);
      } catch (error) {
        if (current.fresh) throw error;
        const reloaded = await load(current);
        if (reloaded.revision === current.revision) throw error;
        current = reloaded;
        continue;
      }
      if (decided.length === 0 && !current.fresh) {
        const reloaded = await load(current);
        if (reloaded.revision !== current.revision) {
          current = reloaded;
          continue;
        }
      }
      break;
    }
    let state = current.state;
    if (decided.length === 0) return { state, appended: [], position: undefined, revision: current.revision };

    const events: NewEvent[] = decided.map((event) => ({
      id: event.id ?? newId?.() ?? globalThis.crypto.randomUUID(),
      type: event.type,
      data: event.data,
      metadata: { ...metadata, ...step, schemaVersion: folder.schemaVersionOf(event.type) },
    }));
    try {
      const result = await eventStore.appendToStream(streamId, events, {
        expectedRevision: current.revision < 0 ? 'no_stream' : current.revision,
      });
      const appended = events.map((event) => ({
        id: event.id as string,
        type: event.type,
        data: event.data,
      }));
      for (const [index, event] of appended.entries()) {
        state = folder.evolve(
          state,
          folder.parse({
            ...event,
            // The schemaVersion stamped above: without it the event would read as version 1 and be upcast.
            metadata: events[index]?.metadata ?? {},
            streamId,
            streamRevision: current.revision + 1 + index,
            globalPosition: result.position,
            recordedAt: new Date(),
          }),
        );
      }
      // An append answered idempotently (these ids were stored before) did not move the stream by these events.
      if (result.nextExpectedRevision === current.revision + events.length)
        cache?.set(streamId, { state, revision: result.nextExpectedRevision });
      else cache?.delete(streamId);
      return { state, appended, position: result.position, revision: result.nextExpectedRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) cache?.delete(streamId);
      else {
        lostFrom = { state: current.state, revision: current.revision };
        // A run of the same request may have appended this very step meanwhile.
        const twin = await recorded();
        if (twin) return twin;
        if (expectedRevision !== undefined)
          throw new StaleRevisionError(streamId, expectedRevision, Number(error.actual ?? -1));
        if (attempt < retries) continue;
      }
      throw error;
    }
  }
};
