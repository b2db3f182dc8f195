import type { EventStore } from '@etf-replicator/core';
import type { Database } from '../db/database';
import { lockCheckpoint } from './checkpoints';
import { listParkedEvents, recordRetryFailure, unparkEvent } from './failures';
import { applyEvents, type Projector } from './projector';

export type RetryOutcome = {
  /** Parked events applied now (and removed from the parked list), in log order. */
  readonly applied: number;
  /** Parked events of the stream still waiting (the first of them failed again). */
  readonly remaining: number;
  readonly error: string | undefined;
};

/**
 * Retries a parked event after a fix, with the events of its stream parked behind it, in log order, each in its own
 * savepoint; stops at the first that fails again. Serialised with the projector's own batches by the checkpoint
 * lock. Undefined when the event is not parked.
 */
export const retryParkedEvent = async ({
  db,
  eventStore,
  projector,
  eventId,
}: {
  db: Database;
  eventStore: EventStore;
  projector: Projector;
  eventId: string;
}): Promise<RetryOutcome | undefined> => {
  const name = projector.name;
  const [target] = (await listParkedEvents(db.pool, { projector: name })).filter(
    (parked) => parked.eventId === eventId,
  );
  if (!target) return undefined;
  const waiting = new Set(
    (await listParkedEvents(db.pool, { projector: name, streamId: target.streamId })).map((p) => p.eventId),
  );
  const events = (await eventStore.readStream(target.streamId)).filter((event) => waiting.has(event.id));
  events.sort((a, b) => eventStore.comparePositions(a.globalPosition, b.globalPosition));
  const outcome = await db.pool.transaction(async (tx) => {
    await lockCheckpoint(tx, name);
    let applied = 0;
    for (const event of events) {
      try {
        await tx.transaction((savepoint) => applyEvents(savepoint, projector, [event]));
      } catch (error) {
        await recordRetryFailure(tx, name, event.id, error);
        return { applied, error: error instanceof Error ? error.message : String(error) };
      }
      await unparkEvent(tx, name, event.id);
      applied++;
    }
    return { applied, error: undefined };
  });
  const remaining = (await listParkedEvents(db.pool, { projector: name, streamId: target.streamId })).length;
  return { ...outcome, remaining };
};
