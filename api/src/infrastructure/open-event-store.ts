import type { EventStore } from '@etf-replicator/core';
import type { Database, Projector, RunnerLogger } from '@etf-replicator/projections';
import type { AppConfig } from '../config';
import { createPostgresEventStore } from '../event-store/postgres/postgres-event-store';

/**
 * The log lives beside the read models (PGlite or PostgreSQL) unless EVENTSTORE_URL points at KurrentDB. Beside
 * them, the projectors that can run inline are applied in each append's transaction.
 */
export const openEventStore = async (
  config: AppConfig,
  readModels: Database,
  inlineProjectors: readonly Projector[] = [],
  logger?: RunnerLogger,
): Promise<EventStore> => {
  if (config.eventLog.kind !== 'kurrentdb')
    return createPostgresEventStore(readModels, {
      inlineProjectors,
      ...(logger
        ? {
            onSettleError: (err: unknown, projection: string) =>
              logger.error({ err, projection }, 'deferred projection work failed; it stays queued'),
          }
        : {}),
    });
  const { createKurrentDbEventStore } = await import('../event-store/kurrentdb/kurrentdb-event-store');
  return createKurrentDbEventStore(config.eventLog.url);
};
