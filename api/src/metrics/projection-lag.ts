import type { EventStore } from '@etf-replicator/core';
import type { ProjectionRunner } from '@etf-replicator/projections';

export type ProjectionLag = {
  readonly name: string;
  /** Events after the projector's checkpoint, counted up to `countLimit`. */
  readonly events: number;
  /** Age of the oldest of them in seconds; 0 when caught up. */
  readonly seconds: number;
  readonly caughtUp: boolean;
  readonly failing: boolean;
};

/**
 * How far each projector trails the log, from the runner's status (positions) and one short read per lagging
 * projector. Caught-up projectors cost nothing beyond the status call.
 */
export const measureProjectionLag = async ({
  eventStore,
  projections,
  countLimit = 1000,
  now = () => Date.now(),
}: {
  eventStore: Pick<EventStore, 'readAll'>;
  projections: Pick<ProjectionRunner, 'status'>;
  countLimit?: number;
  now?: () => number;
}): Promise<ProjectionLag[]> => {
  const statuses = await projections.status();
  return Promise.all(
    statuses.map(async (status) => {
      const base = { name: status.name, caughtUp: status.caughtUp, failing: status.lastError !== undefined };
      if (status.caughtUp) return { ...base, events: 0, seconds: 0 };
      const behind = await eventStore.readAll({
        maxCount: countLimit,
        ...(status.position ? { after: status.position } : {}),
      });
      const oldest = behind.events[0];
      const seconds = oldest ? Math.max(0, (now() - oldest.recordedAt.getTime()) / 1000) : 0;
      return { ...base, events: behind.events.length, seconds };
    }),
  );
};
