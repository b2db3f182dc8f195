import { randomUUID } from 'node:crypto';
import {
  type AbortSignalLike,
  type AppendResult,
  DuplicateEventIdError,
  type EventFilter,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllResult,
  type RecordedEvent,
  streamCategory,
  WrongExpectedVersionError,
} from '@etf-replicator/core';

/**
 * The port in memory: for unit tests of runners and handlers, and as a third witness of the contract suite.
 * Positions are decimal strings of a global counter. Not durable, obviously.
 */
export const createInMemoryEventStore = (
  options: { newId?: () => string; now?: () => Date } = {},
): EventStore => {
  const newId = options.newId ?? randomUUID;
  const now = options.now ?? (() => new Date());
  const log: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  const byId = new Map<string, RecordedEvent>();
  const waiters = new Set<() => void>();

  const position = (n: number) => String(n) as Position;
  const compare = (a: Position, b: Position) => Number(a) - Number(b);
  const matches = (event: RecordedEvent, filter: EventFilter | undefined) =>
    (!filter?.eventTypes?.length || filter.eventTypes.includes(event.type)) &&
    (!filter?.categories?.length || filter.categories.includes(streamCategory(event.streamId)));

  const existingAppend = (streamId: string, ids: readonly string[]): AppendResult | undefined => {
    const stored = ids.map((id) => byId.get(id)).filter((event) => event !== undefined);
    if (stored.length === 0) return undefined;
    if (stored.length !== ids.length || stored.some((event) => event.streamId !== streamId)) {
      throw new DuplicateEventIdError(streamId, ids[0] as string);
    }
    const last = stored.reduce((a, b) => (a.streamRevision > b.streamRevision ? a : b));
    return { nextExpectedRevision: last.streamRevision, position: last.globalPosition };
  };

  const check = (streamId: string, expected: ExpectedRevision, current: number | undefined) => {
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === undefined) ||
      (expected === 'stream_exists' && current !== undefined) ||
      expected === current;
    if (!ok) throw new WrongExpectedVersionError(streamId, expected, current);
  };

  const readAll = async ({
    after,
    maxCount,
    filter,
  }: {
    after?: Position;
    maxCount: number;
    filter?: EventFilter;
  }): Promise<ReadAllResult> => {
    const start = after === undefined ? 0 : Number(after);
    const events: RecordedEvent[] = [];
    let examined = start;
    for (let i = start; i < log.length && events.length < maxCount; i++) {
      const event = log[i] as RecordedEvent;
      examined = i + 1;
      if (matches(event, filter)) events.push(event);
    }
    if (events.length < maxCount) examined = log.length;
    return { events, position: examined === 0 ? after : position(examined) };
  };

  const waitForAppend = (ms: number, signal: AbortSignalLike) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });

  return {
    kind: 'memory',
    async appendToStream(streamId: string, events: readonly NewEvent[], { expectedRevision }) {
      if (events.length === 0) throw new RangeError('appendToStream needs at least one event');
      const ids = events.map((event) => event.id ?? newId());
      const existing = existingAppend(streamId, ids);
      if (existing) return existing;
      const stream = streams.get(streamId) ?? [];
      check(streamId, expectedRevision, stream.length === 0 ? undefined : stream.length - 1);
      const recordedAt = now();
      for (const [index, event] of events.entries()) {
        const recorded: RecordedEvent = {
          id: ids[index] as string,
          type: event.type,
          data: structuredClone(event.data),
          metadata: structuredClone(event.metadata ?? {}),
          streamId,
          streamRevision: stream.length,
          globalPosition: position(log.length + 1),
          recordedAt,
        };
        stream.push(recorded);
        log.push(recorded);
        byId.set(recorded.id, recorded);
      }
      streams.set(streamId, stream);
      for (const wake of [...waiters]) wake();
      return { nextExpectedRevision: stream.length - 1, position: position(log.length) };
    },
    async readStream(streamId, { fromRevision = 0, maxCount } = {}) {
      const stream = streams.get(streamId) ?? [];
      return stream.slice(fromRevision, maxCount === undefined ? undefined : fromRevision + maxCount);
    },
    readAll,
    async *subscribeToAll({ after, filter, signal, batchSize = 500, beforeLiveRead }) {
      let from = after;
      while (!signal.aborted) {
        const page = await readAll({
          maxCount: batchSize,
          ...(from ? { after: from } : {}),
          ...(filter ? { filter } : {}),
        });
        if (page.events.length > 0 || (page.position !== undefined && page.position !== from)) {
          from = page.position;
          yield page;
        }
        if (page.events.length < batchSize) {
          await waitForAppend(1000, signal);
          if (beforeLiveRead && !signal.aborted) await beforeLiveRead(signal);
        }
      }
    },
    async headPosition() {
      return log.length === 0 ? undefined : position(log.length);
    },
    async countEvents(filter?: EventFilter) {
      return log.filter((event) => matches(event, filter)).length;
    },
    comparePositions: compare,
    async close() {
      for (const wake of [...waiters]) wake();
    },
  };
};
