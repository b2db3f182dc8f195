import type { Position } from '@etf-replicator/core';
import { commitPage } from './apply-page';
import { readCheckpoint } from './checkpoints';
import { countParkedEvents } from './failures';
import { createFollower } from './follower';
import { campaignForLeadership, type Leadership, runnerLockKey } from './leadership';
import { createLiveLinger } from './live-linger';
import { needsSettling, type Projector, settleProjector } from './projector';
import { type RetryOutcome, retryParkedEvent } from './retry-parked';
import type {
  ProjectionRunner,
  ProjectionRunnerOptions,
  ProjectionStatus,
  RunnerLogger,
} from './runner-types';
import { sleep } from './sleep';

export type { ProjectionRunner, ProjectionRunnerOptions, ProjectionStatus, RetryOutcome, RunnerLogger };

type ProjectorState = {
  position: Position | undefined;
  lastError: string | undefined;
  /** When status() first saw the projector behind the head of the log. */
  behindSince: number | undefined;
};

const silentLogger: RunnerLogger = { info: () => undefined, error: () => undefined };

/**
 * Runs each projector in its own catch-up-then-live loop over the log, filtered to the event types it reads. Every
 * page is applied and its checkpoint written in ONE read-model transaction, so the effect is exactly once: a crash
 * or a throw rolls both back and the loop resumes from the previous checkpoint. Each batch locks the checkpoint row
 * and skips what it already holds, so concurrent runners (several API instances, a rebuild swap) stay exactly-once.
 * On PGlite the pool has a single connection: a handler must use the transaction it is given, never the pool.
 * A page that fails `maxAttempts` times in a row is applied event by event: an event that still fails is parked
 * (`projection_failures`) with the later events of its stream, and the projector moves on (issue 21).
 */
export const createProjectionRunner = (options: ProjectionRunnerOptions): ProjectionRunner => {
  const { db, eventStore, projectors, batchSize = 500, retryDelayMs = 1000 } = options;
  const inline = new Set(options.inline ?? []);
  const { maxAttempts = 3, lagBoundMs = 30_000, defaultWaitMs = 2000, liveLingerMs = 50 } = options;
  const linger = createLiveLinger(liveLingerMs);
  const logger = options.logger ?? silentLogger;
  const states = new Map<string, ProjectorState>(
    projectors.map((projector) => [
      projector.name,
      { position: undefined, lastError: undefined, behindSince: undefined },
    ]),
  );
  const waiters = new Set<() => void>();
  let controller: AbortController | undefined;
  let loops: Promise<void>[] = [];
  let leadership: Leadership | undefined;
  const follower = createFollower({ db, eventStore, batchSize, retryDelayMs, logger, positions: states });
  const following = () => controller !== undefined && leadership !== undefined && !leadership.isLeader();

  const wakeWaiters = () => {
    for (const wake of [...waiters]) wake();
  };

  const runProjector = async (projector: Projector, signal: AbortSignal) => {
    const state = states.get(projector.name) as ProjectorState;
    let failures = 0;
    while (!signal.aborted) {
      try {
        // Deferred work a crash or a failed settle left queued.
        await settleProjector(db.pool, projector);
        state.position = await readCheckpoint(db.pool, projector.name);
        const pages = eventStore.subscribeToAll({
          signal,
          batchSize,
          ...(projector.eventTypes === 'all' ? {} : { filter: { eventTypes: projector.eventTypes } }),
          ...(state.position ? { after: state.position } : {}),
          beforeLiveRead: (pauseSignal) => linger.pause(projector.name, pauseSignal),
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
          const ahead = await commitPage(db.pool, projector, page, {
            isolate: failures >= maxAttempts,
            logger,
            comparePositions: (a, b) => eventStore.comparePositions(a, b),
          });
          failures = 0;
          // Before the position moves on: whoever waits for it reads the settled read model.
          if (!ahead && needsSettling(projector, page.events)) await settleProjector(db.pool, projector);
          state.position = ahead ?? page.position;
          state.lastError = undefined;
          wakeWaiters();
          if (ahead) break;
        }
      } catch (error) {
        failures++;
        state.lastError = (error as Error).message;
        logger.error(
          { err: error, projection: projector.name, attempt: failures },
          failures >= maxAttempts
            ? 'projection batch failed; retrying it event by event, parking what fails'
            : 'projection batch failed; retrying from checkpoint',
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
      const lead = () => {
        if (signal.aborted) return;
        loops = projectors.map((projector) => runProjector(projector, signal));
        logger.info({ projections: projectors.map((p) => p.name) }, 'projections started');
      };
      // On a PostgreSQL server only the holder of the runner's lock runs them (leadership.ts); the others follow.
      leadership = campaignForLeadership(db, {
        key: runnerLockKey(projectors.map((projector) => projector.name)),
        onLeader: lead,
        onError: (error) => logger.error({ err: error }, 'campaigning to run the projections failed'),
      });
      // Whoever waits right after the start is served by the role this process has, not by both.
      await leadership.firstTry;
    },

    async stop() {
      controller?.abort();
      await leadership?.stop();
      leadership = undefined;
      await Promise.all(loops);
      loops = [];
      controller = undefined;
      wakeWaiters();
    },

    waitForPosition(position, { timeoutMs = defaultWaitMs, projections } = {}) {
      const names = (projections ?? [...states.keys()]).filter((name) => !inline.has(name));
      const unknown = names.filter((name) => !states.has(name));
      if (unknown.length > 0) return Promise.reject(new Error(`Unknown projections: ${unknown.join(', ')}`));
      if (hasReached(names, position)) return Promise.resolve(true);
      if (following()) {
        const deadline = Date.now() + timeoutMs;
        const signal = (controller as AbortController).signal;
        const caughtUp = projectors
          .filter((projector) => names.includes(projector.name))
          .map((projector) => follower.catchUp(projector, position, deadline, signal));
        return Promise.all(caughtUp).then((each) => each.every(Boolean));
      }
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
        const release = linger.hold(names);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
          release();
        };
        waiters.add(check);
      });
    },

    async status() {
      if (following()) await Promise.all(projectors.map((projector) => follower.refresh(projector)));
      const [head, parked] = await Promise.all([eventStore.headPosition(), countParkedEvents(db.pool)]);
      const now = Date.now();
      const running = projectors.map((projector): ProjectionStatus => {
        const state = states.get(projector.name) as ProjectorState;
        const caughtUp =
          head === undefined ||
          (state.position !== undefined && eventStore.comparePositions(state.position, head) >= 0);
        if (caughtUp) state.behindSince = undefined;
        else state.behindSince ??= now;
        const behindForMs = state.behindSince === undefined ? 0 : now - state.behindSince;
        return {
          name: projector.name,
          position: state.position,
          caughtUp,
          lastError: state.lastError,
          mode: 'async',
          parked: parked.get(projector.name) ?? 0,
          behindForMs,
          stalled: behindForMs > lagBoundMs,
        };
      });
      const applied = [...inline].map(
        (name): ProjectionStatus => ({
          name,
          position: head,
          caughtUp: true,
          lastError: undefined,
          mode: 'inline',
          parked: 0,
          behindForMs: 0,
          stalled: false,
        }),
      );
      return [...running, ...applied];
    },

    leads: () => loops.length > 0,

    async retryParked(name, eventId) {
      const projector = projectors.find((candidate) => candidate.name === name);
      return projector ? retryParkedEvent({ db, eventStore, projector, eventId }) : undefined;
    },
  };
};
