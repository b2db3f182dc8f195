import type { EventStore, Position } from '@etf-replicator/core';
import type { Database } from '../db/database';
import { lockCheckpoint, readCheckpoint, writeCheckpoint } from './checkpoints';
import { applyEvents, INLINE_CHECKPOINT, type Projector, settleProjector } from './projector';

/**
 * Hands a projector over from the asynchronous runner to inline application: applies what the log holds beyond its
 * checkpoint (a data folder from before, or a runner that stopped behind), then marks the checkpoint inline. Every
 * page and its checkpoint commit together, so a crash resumes where it stopped; projectors are idempotent, so an
 * event that an inline append already applied meanwhile is a no-op. Then settles the projector's deferred work.
 * Returns how many events it applied.
 */
export const switchToInline = async ({
  db,
  eventStore,
  projector,
  batchSize = 1000,
}: {
  db: Database;
  eventStore: EventStore;
  projector: Projector;
  batchSize?: number;
}): Promise<number> => {
  let applied = 0;
  for (;;) {
    const checkpoint = await readCheckpoint(db.pool, projector.name);
    if (checkpoint === INLINE_CHECKPOINT) {
      // What the catch-up queued, or a crash left queued after an inline append.
      await settleProjector(db.pool, projector);
      return applied;
    }
    const page = await eventStore.readAll({
      maxCount: batchSize,
      ...(checkpoint ? { after: checkpoint } : {}),
      ...(projector.eventTypes === 'all' ? {} : { filter: { eventTypes: projector.eventTypes } }),
    });
    const done = page.events.length < batchSize;
    await db.pool.transaction(async (tx) => {
      const stored = await lockCheckpoint(tx, projector.name);
      if (stored !== checkpoint) return; // another instance moved it: read again
      await applyEvents(tx, projector, page.events);
      const next = done ? INLINE_CHECKPOINT : page.position;
      if (next) await writeCheckpoint(tx, projector.name, next as Position);
      applied += page.events.length;
    });
  }
};
