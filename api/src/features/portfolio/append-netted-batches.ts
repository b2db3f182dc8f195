import { randomUUID } from 'node:crypto';
import {
  type EventStore,
  type NewEvent,
  type StreamAppend,
  type TrackingEvent,
  trackingStreamId,
  WrongExpectedVersionError,
} from '@etf-replicator/core';
import { portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import { currentCommandScope, nextCommandStep } from '../../commands/command-scope';
import { HttpError } from '../../http/http-error';
import { trackingCache } from '../../trackings/tracking-loader';
import { trackingFolder } from '../../trackings/tracking-streams';

type MultiStreamStore = EventStore & Required<Pick<EventStore, 'appendToStreams'>>;

export const withMultiStreamAppend = (store: EventStore): store is MultiStreamStore =>
  typeof store.appendToStreams === 'function';

/** One tracking's part of a netted execution, decided against the tracking at `revision`. */
export type DecidedBatch = {
  readonly trackingId: string;
  readonly revision: number;
  readonly label: string;
  readonly orders: number;
  readonly events: readonly TrackingEvent[];
};

export type RecordedPart = { readonly trackingId: string; readonly orders: number };

/**
 * Appends every tracking's decided events in one transaction (`appendToStreams`): each stream at the revision it
 * was decided on, so a change to any tracking since answers 409 and nothing is recorded anywhere. Each tracking's
 * events carry their own step of the request's Idempotency-Key (as runTrackingCommand's would), which is how a retry
 * after a crash finds that the request was recorded (see `recordedEarlier`).
 */
export const appendAllOrNothing = async (
  eventStore: MultiStreamStore,
  batches: readonly DecidedBatch[],
  actorUserId: string,
): Promise<RecordedPart[]> => {
  const correlationId = randomUUID();
  const appends: StreamAppend[] = batches.map((batch) => {
    const step = nextCommandStep();
    return {
      streamId: trackingStreamId(batch.trackingId),
      expectedRevision: batch.revision,
      events: batch.events.map(
        (event): NewEvent => ({
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: {
            actorUserId,
            correlationId,
            ...step,
            schemaVersion: trackingFolder.schemaVersionOf(event.type),
          },
        }),
      ),
    };
  });
  const cache = trackingCache(eventStore);
  try {
    await eventStore.appendToStreams(appends);
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    throw new HttpError(409, portfolioMessages.changedElsewhere);
  } finally {
    // The folded trackings are re-read from their streams on next use (the append moved them, or was refused).
    for (const append of appends) cache.delete(append.streamId);
  }
  return batches.map(({ trackingId, orders }) => ({ trackingId, orders }));
};

/**
 * A retry of an Idempotency-Key whose request was recorded before its answer was (a crash in between): the parts
 * the log holds with the request's key, in the order it recorded them; undefined when it recorded nothing. All or
 * nothing makes "some" impossible on this path.
 */
export const recordedEarlier = async (
  eventStore: EventStore,
  trackingIds: readonly string[],
): Promise<RecordedPart[] | undefined> => {
  const scope = currentCommandScope();
  if (!scope?.recovering) return undefined;
  const parts: (RecordedPart & { step: number })[] = [];
  for (const trackingId of trackingIds) {
    const mine = (await eventStore.readStream(trackingStreamId(trackingId))).filter(
      (event) => event.metadata.commandKey === scope.commandKey,
    );
    const step = mine[0]?.metadata.commandStep;
    if (typeof step === 'number') parts.push({ trackingId, orders: mine.length, step });
  }
  if (parts.length === 0) return undefined;
  return parts.sort((a, b) => a.step - b.step).map(({ trackingId, orders }) => ({ trackingId, orders }));
};
