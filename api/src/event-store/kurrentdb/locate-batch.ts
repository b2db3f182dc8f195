import {
  type AppendResult,
  DuplicateEventIdError,
  type RecordedEvent,
  type StreamRevision,
} from '@etf-replicator/core';

/** Reads `maxCount` events (all when undefined) of a stream from a revision; `[]` for a missing stream. */
export type ReadStreamSlice = (
  streamId: string,
  fromRevision: StreamRevision,
  maxCount: number | undefined,
) => Promise<readonly RecordedEvent[]>;

export type LocateOptions = {
  /** Revisions where the batch is expected to start, tried in order (negative or undefined ones are skipped). */
  readonly candidates: readonly (StreamRevision | undefined)[];
  /** When no candidate holds the batch, read the whole stream looking for it. */
  readonly scan: boolean;
};

const resultOf = (events: readonly RecordedEvent[]): AppendResult => {
  const last = events.at(-1) as RecordedEvent;
  return { nextExpectedRevision: last.streamRevision, position: last.globalPosition };
};

/** The batch's own result when `events` starts with exactly `ids`; throws when some of the ids were used otherwise. */
const match = (
  streamId: string,
  events: readonly RecordedEvent[],
  ids: readonly string[],
): AppendResult | undefined => {
  const slice = events.slice(0, ids.length);
  if (slice.length === ids.length && slice.every((event, i) => event.id === ids[i])) return resultOf(slice);
  const wanted = new Set(ids);
  const reused = slice.find((event) => wanted.has(event.id));
  if (reused) throw new DuplicateEventIdError(streamId, reused.id);
  return undefined;
};

/**
 * Finds an earlier append of exactly these event ids, in this order, in the stream, and answers that append's
 * result (revision and position of its last event). This is how retries are answered idempotently even when
 * KurrentDB reports a conflict (the stream moved on) or reports a deduplicated write without its position.
 * Returns `undefined` when none of the ids is there; throws `DuplicateEventIdError` when some are but not as one
 * batch. Event ids are only unique per stream here: KurrentDB does not index them across streams.
 */
export const locateBatch = async (
  read: ReadStreamSlice,
  streamId: string,
  ids: readonly string[],
  { candidates, scan }: LocateOptions,
): Promise<AppendResult | undefined> => {
  if (ids.length === 0) throw new RangeError('locateBatch needs at least one event id');
  const tried = new Set<StreamRevision>();
  for (const start of candidates) {
    if (start === undefined || start < 0 || tried.has(start)) continue;
    tried.add(start);
    const found = match(streamId, await read(streamId, start, ids.length), ids);
    if (found) return found;
  }
  if (!scan) return undefined;
  const events = await read(streamId, 0, undefined);
  const first = events.findIndex((event) => event.id === ids[0]);
  // Starting at the first id, `match` either finds the whole batch or throws: that id is in the slice.
  if (first !== -1) return match(streamId, events.slice(first), ids);
  const wanted = new Set(ids);
  const reused = events.find((event) => wanted.has(event.id));
  if (reused) throw new DuplicateEventIdError(streamId, reused.id);
  return undefined;
};
