import type { ExpectedRevision, StreamRevision } from './types';

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** Revision of the stream's last event, or `undefined` when the stream does not exist. */
    readonly actual: StreamRevision | undefined,
  ) {
    super(
      `Stream ${streamId}: expected ${String(expected)}, found ${actual === undefined ? 'no stream' : `revision ${actual}`}`,
    );
  }
}

/** An event id was re-used for different content or on another stream: a programming error, never a retry. */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(
    readonly streamId: string,
    readonly eventId: string,
  ) {
    super(`Event ${eventId} was already appended elsewhere; cannot append it to ${streamId}`);
  }
}
