import type { EventStore } from '@etf-replicator/core';
import {
  createProjectionRunner,
  type Database,
  migrateReadModels,
  openDatabase,
  type ProjectionRunner,
  type Projector,
  type RunnerLogger,
  switchToInline,
  upgradeProjections,
} from '@etf-replicator/projections';
import type { AppConfig } from '../config';
import { readCommittedTail } from '../event-store/postgres/committed-tail';
import { type Metrics, timeAppends } from '../metrics/metrics';
import { failAfterEveryNthAppend } from './fault-after-append';
import { openEventStore } from './open-event-store';

/** Everything with a connection: opened once by the composition root, closed in reverse order. */
export type Infrastructure = {
  readonly db: Database;
  readonly eventStore: EventStore;
  readonly projections: ProjectionRunner;
  readonly close: () => Promise<void>;
};

export const openInfrastructure = async (
  config: AppConfig,
  {
    projectors,
    logger,
    metrics,
  }: { projectors: readonly Projector[]; logger?: RunnerLogger; metrics?: Metrics },
): Promise<Infrastructure> => {
  const db = await openDatabase(
    config.readModels.kind === 'postgres'
      ? { url: config.readModels.url }
      : { dataDir: config.readModels.dataDir },
  );
  try {
    await migrateReadModels(db);
    // Inline where the log shares the read models' database; the asynchronous runner keeps the rest.
    const inline = config.eventLog.kind === 'kurrentdb' ? [] : projectors.filter((p) => p.inline);
    const opened = await openEventStore(config, db, inline, logger);
    const eventStore =
      config.FAULT_AFTER_APPEND_EVERY > 0
        ? failAfterEveryNthAppend(opened, config.FAULT_AFTER_APPEND_EVERY)
        : opened;
    return assembleInfrastructure({
      ...(await goInline({ db, eventStore, projectors, inline, ...(logger ? { logger } : {}) })),
      ...(metrics ? { metrics } : {}),
      readYourWritesWaitMs: config.READ_YOUR_WRITES_WAIT_MS,
    });
  } catch (error) {
    await db.close();
    throw error;
  }
};

/**
 * Start-up of the projections: rebuilds every projection whose code declares a new version (upgradeProjections),
 * then hands the inline projectors over from the runner (catching up what the log holds beyond their checkpoints)
 * and returns the wiring for assembleInfrastructure: the runner gets the rest. The log must apply `inline` itself.
 */
export const goInline = async ({
  db,
  eventStore,
  projectors,
  inline,
  logger,
}: {
  db: Database;
  eventStore: EventStore;
  projectors: readonly Projector[];
  inline: readonly Projector[];
  logger?: RunnerLogger;
}) => {
  for (const rebuilt of await upgradeProjections({
    db,
    eventStore,
    projectors,
    ...(inline.length > 0 ? { readCommittedTail } : {}),
  }))
    logger?.info(
      { projection: rebuilt.projection, applied: rebuilt.applied, ms: Math.round(rebuilt.elapsedMs) },
      'rebuilt: its projector writes a new version',
    );
  for (const projector of inline) {
    const applied = await switchToInline({ db, eventStore, projector });
    if (applied > 0)
      logger?.info({ projection: projector.name, applied }, 'caught up before applying inline');
  }
  return {
    db,
    eventStore,
    projectors: projectors.filter((p) => !inline.includes(p)),
    inline: inline.map((p) => p.name),
    ...(logger ? { logger } : {}),
  };
};

/** Wires a runner over an already-open database and log (tests use this directly). */
export const assembleInfrastructure = ({
  db,
  eventStore: log,
  projectors,
  inline,
  logger,
  metrics,
  closeDb = true,
  readYourWritesWaitMs,
}: {
  db: Database;
  eventStore: EventStore;
  projectors: readonly Projector[];
  /** Names of the projectors the event store applies inline (the runner leaves them alone). */
  inline?: readonly string[];
  logger?: RunnerLogger;
  /** Times the log's appends and reads pool and projection figures at scrape time. */
  metrics?: Metrics;
  closeDb?: boolean;
  /** How long a command waits for its read models before answering anyway (default 2 s). */
  readYourWritesWaitMs?: number;
}): Infrastructure => {
  const eventStore = metrics ? timeAppends(log, metrics) : log;
  const projections = createProjectionRunner({
    db,
    eventStore,
    projectors,
    ...(inline ? { inline } : {}),
    ...(logger ? { logger } : {}),
    ...(readYourWritesWaitMs === undefined ? {} : { defaultWaitMs: readYourWritesWaitMs }),
  });
  metrics?.observeInfrastructure({ db, eventStore, projections });
  return {
    db,
    eventStore,
    projections,
    close: async () => {
      await projections.stop();
      await eventStore.close();
      if (closeDb) await db.close();
    },
  };
};

/**
 * Waits (bounded) until every projection has applied every event committed by now, so the first requests after a start
 * (or an import) see complete read models. Returns false when the bound elapsed first.
 */
export const waitForProjectionsToCatchUp = async (
  infrastructure: Pick<Infrastructure, 'eventStore' | 'projections'>,
  timeoutMs = 60_000,
): Promise<boolean> => {
  const { eventStore } = infrastructure;
  const head = await (eventStore.lastCommittedPosition?.() ?? eventStore.headPosition());
  return head ? infrastructure.projections.waitForPosition(head, { timeoutMs }) : true;
};
