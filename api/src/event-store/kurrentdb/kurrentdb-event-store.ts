import {
  type AppendOptions,
  type AppendResult,
  DuplicateEventIdError,
  type EventStore,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamRevision,
  type SubscribeOptions,
  WrongExpectedVersionError,
} from '@etf-replicator/core';
import {
  ErrorType,
  type Filter,
  isCommandError,
  KurrentDBClient,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  StreamNotFoundError,
} from '@kurrent/kurrentdb-client';
import { subscribeByPolling } from '../subscribe-by-polling';
import {
  lastEventRequest,
  liveTailRequest,
  logHeadRequest,
  logSliceRequest,
  streamSliceRequest,
} from './client-requests';
import { describeKurrentConnection, normaliseKurrentConnectionString } from './connection-string';
import { planEventFilter } from './event-filter-plan';
import { expectedBatchStart, toActualRevision, toStreamState } from './expected-revision';
import { compareKurrentPositions, formatKurrentPosition, parseKurrentPosition } from './kurrentdb-position';
import { LiveTail } from './live-tail';
import { locateBatch } from './locate-batch';
import { readAllPage } from './read-all-page';
import { eventIdOf, toEventData, toRecordedEvent } from './recorded-event';

/**
 * The event log on KurrentDB (EventStoreDB) through `@kurrent/kurrentdb-client` 1.3.x.
 *
 * Guarantees:
 * - Appends map the expected revision onto the client's `streamState` (any / no_stream / stream_exists / exact
 *   bigint); a conflict becomes the port's WrongExpectedVersionError with the server's current revision.
 * - Idempotent retries: after every append the batch is read back from the stream by its event ids, so the result
 *   (revision and position of the batch's last event) is the same for the first write and for any retry,
 *   including one that KurrentDB deduplicated without a position and one it refused because the stream moved on
 *   (on a conflict the batch is looked up where `no_stream` / an exact revision placed it). Cost: one indexed
 *   stream read per append.
 * - Positions are the `$all` (commit, prepare) pair, formatted as two 20-digit numbers (see kurrentdb-position.ts).
 *   KurrentDB writes `$all` with a single writer, so a reader resuming after a position never misses an event
 *   that becomes visible later: no snapshot tricks are needed, unlike PostgreSQL.
 * - readAll never returns system events (`$`-prefixed stream or type). Filters run on the server where KurrentDB
 *   can (ONE field per read: categories as a stream-name regex `^(?:a|b)(?:-|$)`, else event types as an exact
 *   regex, else `^[^$]` on the stream name) and are re-checked on the client (event-filter-plan.ts). The head is
 *   read BEFORE the filtered scan; when the scan reaches the end of the log the resume position jumps to that
 *   head, so filtered readers move past what they skipped without passing anything appended meanwhile
 *   (read-all-page.ts).
 * - subscribeToAll is the shared polling loop over readAll (same filters and resume positions as readAll), woken
 *   early by one native catch-up subscription on the END of `$all` (live-tail.ts); without it, it still polls
 *   every 50 ms to 1 s.
 *
 * Limits:
 * - Retries with `any` / `stream_exists` rely on KurrentDB's own deduplication, which remembers recent event ids
 *   only (in memory): a retry long after the first write, or after a server restart, may store the events twice.
 *   Exact-revision and `no_stream` retries are always recognised.
 * - Event ids are unique per stream, not across the log: KurrentDB does not index them globally, so re-using an id
 *   on another stream is not detected (DuplicateEventIdError only for re-use within the same stream).
 * - Reading `$all` needs an admin (or `$all`-readable) user in secure deployments; connect to the leader (the
 *   default node preference) so a batch is readable right after its append.
 */

const isWrongExpectedVersion = (error: unknown): error is KurrentWrongExpectedVersionError =>
  error instanceof KurrentWrongExpectedVersionError ||
  (error instanceof Error && isCommandError(error) && error.type === ErrorType.WRONG_EXPECTED_VERSION);

const isStreamNotFound = (error: unknown): boolean =>
  error instanceof StreamNotFoundError ||
  (error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND);

const checkCount = (name: string, value: number | undefined): void => {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
    throw new RangeError(`${name} must be a non-negative integer`);
  }
};

export const createKurrentDbEventStore = async (connectionString: string): Promise<EventStore> => {
  const normalised = normaliseKurrentConnectionString(connectionString);
  const client = KurrentDBClient.connectionString(normalised);

  const readStreamSlice = async (
    streamId: string,
    fromRevision: number,
    maxCount: number | undefined,
  ): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, streamSliceRequest(fromRevision, maxCount))) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return events;
  };

  const lastRevision = async (streamId: string): Promise<StreamRevision | undefined> => {
    try {
      for await (const resolved of client.readStream(streamId, lastEventRequest())) {
        if (resolved.event) return Number(resolved.event.revision);
      }
    } catch (error) {
      if (!isStreamNotFound(error)) throw error;
    }
    return undefined;
  };

  /** Newest position of `$all`, system events included: everything up to it exists and is readable. */
  const logHead = async (): Promise<Position | undefined> => {
    for await (const resolved of client.readAll(logHeadRequest())) {
      const position = resolved.event?.position ?? resolved.link?.position;
      if (position) return formatKurrentPosition(position);
    }
    return undefined;
  };

  const readLog = async (from: Position | undefined, count: number, filter: Filter) => {
    const events: RecordedEvent[] = [];
    for await (const resolved of client.readAll(logSliceRequest(from, count, filter))) {
      if (resolved.event) events.push(toRecordedEvent(resolved.event));
    }
    return events;
  };

  const readAll = async ({ after, maxCount, filter }: ReadAllOptions): Promise<ReadAllResult> => {
    if (after !== undefined) parseKurrentPosition(after);
    const plan = planEventFilter(filter);
    return readAllPage(
      {
        head: logHead,
        read: (from, count) => readLog(from, count, plan.server),
        accepts: plan.accepts,
        compare: compareKurrentPositions,
      },
      { after, maxCount },
    );
  };

  const tail = new LiveTail(() => client.subscribeToAll(liveTailRequest()));

  try {
    await logHead();
  } catch (error) {
    await client.dispose().catch(() => undefined);
    throw new Error(`Cannot read the event log at ${describeKurrentConnection(normalised)}`, {
      cause: error,
    });
  }

  let closed = false;

  return {
    kind: 'kurrentdb',

    async appendToStream(
      streamId: string,
      events: readonly NewEvent[],
      { expectedRevision }: AppendOptions,
    ): Promise<AppendResult> {
      if (events.length === 0) throw new RangeError('appendToStream needs at least one event');
      const streamState = toStreamState(expectedRevision);
      const ids = events.map(eventIdOf);
      const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
      if (repeated) throw new DuplicateEventIdError(streamId, repeated);
      const batchStart = expectedBatchStart(expectedRevision);

      let written: bigint | undefined;
      let actual: StreamRevision | undefined;
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((event, i) => toEventData(event, ids[i] as string)),
          { streamState },
        );
        if (result.success) written = result.nextExpectedRevision;
        // Only with `throwOnAppendFailure=false` in the connection string; its revision is unreliable then.
        else actual = await lastRevision(streamId);
      } catch (error) {
        if (!isWrongExpectedVersion(error)) throw error;
        actual = toActualRevision(error.actualState);
      }

      if (written === undefined) {
        const original = await locateBatch(readStreamSlice, streamId, ids, {
          candidates: [batchStart],
          scan: false,
        });
        if (original) return original;
        throw new WrongExpectedVersionError(streamId, expectedRevision, actual);
      }

      const appended = await locateBatch(readStreamSlice, streamId, ids, {
        candidates: [Number(written) - ids.length + 1, batchStart],
        scan: true,
      });
      if (!appended) {
        throw new Error(
          `KurrentDB acknowledged an append to ${streamId} but its events are not in the stream`,
        );
      }
      return appended;
    },

    async readStream(streamId: string, { fromRevision = 0, maxCount }: ReadStreamOptions = {}) {
      checkCount('fromRevision', fromRevision);
      checkCount('maxCount', maxCount);
      if (maxCount === 0) return [];
      return readStreamSlice(streamId, fromRevision, maxCount);
    },

    readAll,

    subscribeToAll(options: SubscribeOptions) {
      if (options.after !== undefined) parseKurrentPosition(options.after);
      return subscribeByPolling(options, {
        readAll,
        comparePositions: compareKurrentPositions,
        waitForWake: (ms, signal) => tail.wait(ms, signal),
      });
    },

    headPosition: logHead,

    comparePositions: compareKurrentPositions,

    async close() {
      if (closed) return;
      closed = true;
      await tail.close();
      await client.dispose();
    },
  };
};
