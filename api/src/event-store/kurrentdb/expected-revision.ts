import type { ExpectedRevision, StreamRevision } from '@etf-replicator/core';
import {
  ANY,
  type AppendStreamState,
  type CurrentStreamState,
  NO_STREAM,
  STREAM_EXISTS,
} from '@kurrent/kurrentdb-client';

/** The port's expected revision as the client's `streamState` append option. */
export const toStreamState = (expected: ExpectedRevision): AppendStreamState => {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new RangeError(`Invalid expected revision ${String(expected)}`);
  }
  return BigInt(expected);
};

/**
 * The client's view of a stream's current state (from its WrongExpectedVersionError) as the port's `actual`:
 * the revision of the last event, or `undefined` when the stream does not exist. Some server paths report a
 * missing stream as revision -1.
 */
export const toActualRevision = (state: CurrentStreamState | undefined): StreamRevision | undefined => {
  if (state === undefined || state === NO_STREAM || state < 0n) return undefined;
  return Number(state);
};

/** Where a batch appended with this expectation must start, when the expectation pins it down. */
export const expectedBatchStart = (expected: ExpectedRevision): StreamRevision | undefined => {
  if (expected === 'no_stream') return 0;
  if (typeof expected === 'number') return expected + 1;
  return undefined;
};
