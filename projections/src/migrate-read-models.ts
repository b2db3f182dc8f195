import { fileURLToPath } from 'node:url';
import type { Database } from './db/database';
import { loadMigrations, migrate } from './db/migrate';

export const READ_MODEL_MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/** Brings the read-model schema (and the secrets tables that live beside it) up to date. */
export const migrateReadModels = async (db: Database) =>
  migrate(db, { table: 'schema_migrations', migrations: await loadMigrations(READ_MODEL_MIGRATIONS_FOLDER) });
