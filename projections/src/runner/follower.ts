import type { EventStore, Position } from '@etf-replicator/core';
import type { Database } from '../db/database';
import { commitPage } from './apply-page';
import { readCheckpoint } from './checkpoints';
import { needsSettling, type Projector, settleProjector } from './projector';
import { sleep } from './sleep';

type ErrorLogger = { error: (object: object, message?: string) => void };

export type FollowerOptions = {
  readonly db: Database;
  readonly eventStore: EventStore;
  readonly batchSize: number;
  readonly retryDelayMs: number;
  readonly logger: ErrorLogger;
  /** The runner's known position of each projector, moved on here. */
  readonly positions: Map<string, { position: Position | undefined }>;
};

/**
 * What a server process that does not run the asynchronous projectors (a follower, see leadership.ts) does for
 * them. A caller waiting for a projection (read your writes) gets it caught up here, page by page, through the same
 * exactly-once commitPage as the leader's loop: whichever commits a page first, the other finds it applied and
 * moves to the stored checkpoint. One catch-up per projector at a time in this process.
 */
export const createFollower = ({
  db,
  eventStore,
  batchSize,
  retryDelayMs,
  logger,
  positions,
}: FollowerOptions) => {
  const chains = new Map<string, Promise<unknown>>();
  const oneAtATime = <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const next = (chains.get(name) ?? Promise.resolve()).then(work);
    chains.set(
      name,
      next.catch(() => undefined),
    );
    return next;
  };
  const compare = (a: Position, b: Position) => eventStore.comparePositions(a, b);
  const stateOf = (name: string) => {
    const state = positions.get(name);
    if (!state) throw new Error(`Unknown projection: ${name}`);
    return state;
  };
  const moveTo = (name: string, position: Position | undefined) => {
    const state = stateOf(name);
    if (position && (!state.position || compare(position, state.position) > 0)) state.position = position;
  };
  const filterOf = (projector: Projector) =>
    projector.eventTypes === 'all' ? {} : { filter: { eventTypes: projector.eventTypes } };
  /** Past what the leader committed, and over the events after it that the projector's filter drops. */
  const refreshNow = async (projector: Projector) => {
    moveTo(projector.name, await readCheckpoint(db.pool, projector.name));
    const after = stateOf(projector.name).position;
    const next = await eventStore.readAll({
      maxCount: 1,
      ...(after ? { after } : {}),
      ...filterOf(projector),
    });
    if (next.events.length === 0) moveTo(projector.name, next.position);
  };

  const catchUpNow = async (
    projector: Projector,
    target: Position,
    deadline: number,
    signal: AbortSignal,
  ): Promise<boolean> => {
    const reached = () => {
      const { position } = stateOf(projector.name);
      return position !== undefined && compare(position, target) >= 0;
    };
    // A failed read here only means starting from what this process knew: the loop below retries its reads.
    await refreshNow(projector).catch((error: unknown) =>
      logger.error({ err: error, projection: projector.name }, 'reading the leader’s checkpoint failed'),
    );
    let pause = 5;
    while (!reached()) {
      if (Date.now() >= deadline || signal.aborted) return false;
      const after = stateOf(projector.name).position;
      try {
        const page = await eventStore.readAll({
          maxCount: batchSize,
          ...(after ? { after } : {}),
          ...filterOf(projector),
        });
        if (page.events.length === 0) {
          if (page.position && (!after || compare(page.position, after) > 0)) {
            moveTo(projector.name, page.position);
            continue;
          }
          // The target is not readable yet (a transaction that began before it is still open): read again soon.
          pause = Math.min(pause * 2, 100);
          await sleep(pause, signal);
          continue;
        }
        const ahead = await commitPage(db.pool, projector, page, {
          isolate: false,
          logger,
          comparePositions: compare,
        });
        if (!ahead && needsSettling(projector, page.events)) await settleProjector(db.pool, projector);
        moveTo(projector.name, ahead ?? page.position);
      } catch (error) {
        // The leader retries the page event by event and parks what fails; its checkpoint then moves past it.
        logger.error(
          { err: error, projection: projector.name },
          'catching a projection up for a reader failed',
        );
        await sleep(retryDelayMs, signal);
        await refreshNow(projector).catch(() => undefined);
      }
    }
    return true;
  };

  return {
    /** Applies the projector's pages up to `target`; false once `deadline` (epoch ms) passed or the runner stopped. */
    catchUp: (projector: Projector, target: Position, deadline: number, signal: AbortSignal) =>
      oneAtATime(projector.name, () => catchUpNow(projector, target, deadline, signal)),
    /** Moves the known position on to the leader's checkpoint and over the events the projector does not read. */
    refresh: (projector: Projector) => oneAtATime(projector.name, () => refreshNow(projector)),
  };
};

export type Follower = ReturnType<typeof createFollower>;
