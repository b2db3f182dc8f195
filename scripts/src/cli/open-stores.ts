import { type AppConfig, loadConfig, projectors } from '@etf-replicator/api';
import { readCommittedTail } from '@etf-replicator/api/event-store/postgres/committed-tail';
import { openEventStore } from '@etf-replicator/api/infrastructure/open-event-store';
import type { EventStore } from '@etf-replicator/core';
import {
  type Database,
  migrateReadModels,
  openDatabase,
  type ReadCommittedTail,
} from '@etf-replicator/projections';

/**
 * The configured read-model database and event log, for command-line tools (same settings as the server: appends
 * apply the inline projections, so what a tool appends shows at once).
 */
export const openStores = async (
  env: Record<string, string | undefined> = process.env,
): Promise<{
  config: AppConfig;
  db: Database;
  eventStore: EventStore;
  /** For rebuilding inline projections: present where the log is in PostgreSQL. */
  readCommittedTail: ReadCommittedTail | undefined;
  close: () => Promise<void>;
}> => {
  const config = loadConfig(env);
  const db = await openDatabase(
    config.readModels.kind === 'postgres'
      ? { url: config.readModels.url }
      : { dataDir: config.readModels.dataDir },
  );
  try {
    await migrateReadModels(db);
    const inPostgres = config.eventLog.kind !== 'kurrentdb';
    const eventStore = await openEventStore(
      config,
      db,
      inPostgres ? projectors.filter((projector) => projector.inline) : [],
    );
    return {
      config,
      db,
      eventStore,
      readCommittedTail: inPostgres ? readCommittedTail : undefined,
      close: async () => {
        await eventStore.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
};
