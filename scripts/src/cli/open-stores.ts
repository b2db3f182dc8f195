import { type AppConfig, loadConfig } from '@etf-replicator/api';
import { openEventStore } from '@etf-replicator/api/infrastructure/open-event-store';
import type { EventStore } from '@etf-replicator/core';
import { type Database, migrateReadModels, openDatabase } from '@etf-replicator/projections';

/** The configured read-model database and event log, for command-line tools (same settings as the server). */
export const openStores = async (): Promise<{
  config: AppConfig;
  db: Database;
  eventStore: EventStore;
  close: () => Promise<void>;
}> => {
  const config = loadConfig();
  const db = await openDatabase(
    config.readModels.kind === 'postgres'
      ? { url: config.readModels.url }
      : { dataDir: config.readModels.dataDir },
  );
  try {
    await migrateReadModels(db);
    const eventStore = await openEventStore(config, db);
    return {
      config,
      db,
      eventStore,
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
