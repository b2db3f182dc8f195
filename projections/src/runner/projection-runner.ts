import type { EventStore, Position } from '@etf-replicator/core';
import type { Database } from '../db/database';
import { lockCheckpoint, readCheckpoint, writeCheckpoint } from './checkpoints';
import { applyEvents, type Projector } from './projector';

export type RunnerLogger = {
  info: (object: object, message?: string) => void;
  error: (object: object, message?: string) => void;
};

export type ProjectionRunnerOptions = {
  readonly db: Database;
  readonly eventStore: EventStore;
  readonly projectors: readonly Projector[];
  /**
   * Projections applied inline, in the append's transaction (see Projector.inline): the runner does not run them,
   * and they have always reached every position a command returns.
   */
  readonly inline?: readonly string[];
  readonly batchSize?: number;
  /** Pause before re-reading from the last checkpoint after a failed batch. */
  readonly retryDelayMs?: number;
  readonly logger?: RunnerLogger;
};

export type ProjectionStatus = {
  readonly name: string;
  readonly position: Position | undefined;
  readonly caughtUp: boolean;
  readonly lastError: string | undefined;
  /** 'inline': applied in the append's own transaction, never behind. */
  readonly mode: 'async' | 'inline';
};

export type ProjectionRunner = {
  start(): Promise<void>;
  /** Finishes the batch in flight, then stops every loop. */
  stop(): Promise<void>;
  /** Resolves true once the named projectors (default: all) have applied everything up to `position`. */
  waitForPosition(
    position: Position,
    options?: { timeoutMs?: number; projections?: readonly string[] },
  ): Promise<boolean>;
  status(): Promise<ProjectionStatus[]>;
};

type ProjectorState = { position: Position | undefined; lastError: string | undefined };

const silentLogger: RunnerLogger = { info: () => undefined, error: () => undefined };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Runs each projector in its own catch-up-then-live loop over the log, filtered to the event types it reads. Every
 * page is applied and its checkpoint written in ONE read-model transaction, so the effect is exactly once: a crash
 * or a throw rolls both back and the loop resumes from the previous checkpoint. Each batch locks the checkpoint row
 * and skips what it already holds, so concurrent runners (several API instances, a rebuild swap) stay exactly-once.
 * On PGlite the pool has a single connection: a handler must use the transaction it is given, never the pool.
 */
export const createProjectionRunner = (options: ProjectionRunnerOptions): ProjectionRunner => {
  const { db, eventStore, projectors, batchSize = 500, retryDelayMs = 1000 } = options;
  const inline = new Set(options.inline ?? []);
  const logger = options.logger ?? silentLogger;
  const states = new Map<string, ProjectorState>(
    projectors.map((projector) => [projector.name, { position: undefined, lastError: undefined }]),
  );
  const waiters = new Set<() => void>();
  let controller: AbortController | undefined;
  let loops: Promise<void>[] = [];

  const wakeWaiters = () => {
    for (const wake of [...waiters]) wake();
  };

  const runProjector = async (projector: Projector, signal: AbortSignal) => {
    const state = states.get(projector.name) as ProjectorState;
    while (!signal.aborted) {
      try {
        state.position = await readCheckpoint(db.pool, projector.name);
        const pages = eventStore.subscribeToAll({
          signal,
          batchSize,
          ...(projector.eventTypes === 'all' ? {} : { filter: { eventTypes: projector.eventTypes } }),
          ...(state.position ? { after: state.position } : {}),
        });
        for await (const page of pages) {
          if (page.events.length === 0) {
            // Nothing of this projector's in the page (the log moved on with other events): no transaction, no
            // checkpoint write. The stored checkpoint catches up with the next page that has events; until then
            // a restart merely re-reads events the filter drops.
            state.position = page.position ?? state.position;
            state.lastError = undefined;
            wakeWaiters();
            continue;
          }
          const ahead = await db.pool.transaction(async (tx) => {
            const stored = await lockCheckpoint(tx, projector.name);
            const isNew = (position: Position) =>
              !stored || eventStore.comparePositions(position, stored) > 0;
            // Another runner (or a rebuild) already applied this whole page: resume from its checkpoint instead.
            if (stored && page.position && !isNew(page.position)) return stored;
            await applyEvents(
              tx,
              projector,
              page.events.filter((event) => isNew(event.globalPosition)),
            );
            if (page.position) await writeCheckpoint(tx, projector.name, page.position);
            return undefined;
          });
          state.position = ahead ?? page.position;
          state.lastError = undefined;
          wakeWaiters();
          if (ahead) break;
        }
      } catch (error) {
        state.lastError = (error as Error).message;
        logger.error(
          { err: error, projection: projector.name },
          'projection batch failed; retrying from checkpoint',
        );
        await sleep(retryDelayMs, signal);
      }
    }
  };

  const hasReached = (names: readonly string[], target: Position) =>
    names.every((name) => {
      const position = states.get(name)?.position;
      return position !== undefined && eventStore.comparePositions(position, target) >= 0;
    });

  return {
    async start() {
      if (controller) return;
      controller = new AbortController();
      const { signal } = controller;
      loops = projectors.map((projector) => runProjector(projector, signal));
      logger.info({ projections: projectors.map((p) => p.name) }, 'projections started');
    },

    async stop() {
      controller?.abort();
      await Promise.all(loops);
      loops = [];
      controller = undefined;
      wakeWaiters();
    },

    waitForPosition(position, { timeoutMs = 2000, projections } = {}) {
      const names = (projections ?? [...states.keys()]).filter((name) => !inline.has(name));
      const unknown = names.filter((name) => !states.has(name));
      if (unknown.length > 0) return Promise.reject(new Error(`Unknown projections: ${unknown.join(', ')}`));
      if (hasReached(names, position)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const check = () => {
          if (!hasReached(names, position)) return;
          cleanup();
          resolve(true);
        };
        const timer = setTimeout(() => {
          cleanup();
          resolve(false);
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },

    async status() {
      const head = await eventStore.headPosition();
      const running = projectors.map((projector): ProjectionStatus => {
        const state = states.get(projector.name) as ProjectorState;
        const caughtUp =
          head === undefined ||
          (state.position !== undefined && eventStore.comparePositions(state.position, head) >= 0);
        return {
          name: projector.name,
          position: state.position,
          caughtUp,
          lastError: state.lastError,
          mode: 'async',
        };
      });
      const applied = [...inline].map(
        (name): ProjectionStatus => ({
          name,
          position: head,
          caughtUp: true,
          lastError: undefined,
          mode: 'inline',
        }),
      );
      return [...running, ...applied];
    },
  };
};
