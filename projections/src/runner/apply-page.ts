import type { RecordedEvent } from '@etf-replicator/core';
import type { DatabaseTransactionConnection } from 'slonik';
import { parkEvent, parkedStreams } from './failures';
import { applyEvents, type Projector } from './projector';

type ErrorLogger = { error: (object: object, message?: string) => void };

/**
 * Applies a page's new events. Events of a stream that has a parked event wait behind it (parked as held). In
 * isolation (the page failed `maxAttempts` times) each event runs in its own savepoint and a failing one is parked.
 */
export const applyPage = async (
  tx: DatabaseTransactionConnection,
  projector: Projector,
  events: readonly RecordedEvent[],
  { isolate, logger }: { isolate: boolean; logger: ErrorLogger },
) => {
  const blocked = await parkedStreams(tx, projector.name);
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
