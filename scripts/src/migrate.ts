/**
 * Applies the event-log and read-model migrations to the configured database (the server also does this at start).
 *   npm run migrate            (uses DATABASE_URL, or the embedded store in DATA_DIR)
 */
import { loadConfig } from '@etf-replicator/api';
import { migrateEventLog } from '@etf-replicator/api/event-store/postgres/postgres-event-store';
import { migrateReadModels, openDatabase } from '@etf-replicator/projections';

const config = loadConfig();
const db = await openDatabase(
  config.readModels.kind === 'postgres'
    ? { url: config.readModels.url }
    : { dataDir: config.readModels.dataDir },
);
try {
  const logApplied = config.eventLog.kind === 'kurrentdb' ? [] : await migrateEventLog(db);
  const readApplied = await migrateReadModels(db);
  const names = [...logApplied, ...readApplied].map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`);
  console.log(names.length ? `Applied: ${names.join(', ')}` : `Up to date (${config.readModels.kind}).`);
} finally {
  await db.close();
}
