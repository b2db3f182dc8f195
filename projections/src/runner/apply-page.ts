import type { Position, RecordedEvent } from '@etf-replicator/core';
import type { DatabasePool, DatabaseTransactionConnection } from 'slonik';
import { checkpointWrite, lockCheckpointAndParked } from './checkpoints';
import { deferWrite, withDeferredWrites } from './deferred-writes';
import { parkEvent } from './failures';
import { applyEvents, type Projector } from './projector';

type ErrorLogger = { error: (object: object, message?: string) => void };

/**
 * Applies a page's new events. Events of a stream that has a parked event (`blocked`) wait behind it (parked as
 * held). In isolation (the page failed `maxAttempts` times) each event runs in its own savepoint and a failing one
 * is parked.
 */
export const applyPage = async (
  tx: DatabaseTransactionConnection,
  projector: Projector,
  events: readonly RecordedEvent[],
  { isolate, logger, blocked }: { isolate: boolean; logger: ErrorLogger; blocked: Set<string> },
) => {
  if (!isolate) {
    await applyEvents(
      tx,
      projector,
      events.filter((event) => !blocked.has(event.streamId)),
    );
    for (const event of events)
      if (blocked.has(event.streamId)) await parkEvent(tx, projector.name, event, 'held');
    return;
  }
  for (const event of events) {
    if (blocked.has(event.streamId)) {
      await parkEvent(tx, projector.name, event, 'held');
      continue;
    }
    try {
      await tx.transaction((savepoint) => applyEvents(savepoint, projector, [event]));
    } catch (error) {
      blocked.add(event.streamId);
      await parkEvent(tx, projector.name, event, { error });
      logger.error(
        { err: error, projection: projector.name, eventId: event.id, position: event.globalPosition },
        'event parked: the projector failed on it repeatedly and moves on without it',
      );
    }
  }
};

export type LogPage = { readonly events: readonly RecordedEvent[]; readonly position: Position | undefined };

/**
 * Applies one page of the log for a projector and moves its checkpoint, in one transaction: a throw rolls both back.
 * On the usual path that is four statements (issue 28 item 1): START, the checkpoint lock that also returns the
 * parked streams, ONE statement carrying the projector's deferred writes (deferred-writes.ts) and the checkpoint
 * write, COMMIT. A projector writing through `tx.query` still sends its own statements before the combined one. In
 * isolation each event runs in its own savepoint, where its writes must go out, so nothing is deferred.
 * Resolves the stored checkpoint when another runner (or a rebuild) already applied the whole page, else undefined.
 */
export const commitPage = (
  pool: DatabasePool,
  projector: Projector,
  page: LogPage,
  options: {
    isolate: boolean;
    logger: ErrorLogger;
    comparePositions: (a: Position, b: Position) => number;
  },
): Promise<Position | undefined> =>
  pool.transaction(async (tx) => {
    const { position: stored, parkedStreams } = await lockCheckpointAndParked(tx, projector.name);
    const isNew = (position: Position) => !stored || options.comparePositions(position, stored) > 0;
    // Another runner (or a rebuild) already applied this whole page: resume from its checkpoint instead.
    if (stored && page.position && !isNew(page.position)) return stored;
    const { position } = page;
    const events = page.events.filter((event) => isNew(event.globalPosition));
    const write = async () => {
      await applyPage(tx, projector, events, { ...options, blocked: parkedStreams });
      if (position) await deferWrite(tx, checkpointWrite(projector.name, position));
    };
    if (options.isolate) await write();
    else await withDeferredWrites(tx, write);
    return undefined;
  });
