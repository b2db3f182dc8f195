export type * from './database';
export { loadMigrations, type MigrateOptions, type Migration, migrate } from './migrate';
export { type DatabaseConfig, openDatabase } from './open-database';
export { typeParsers } from './type-parsers';
