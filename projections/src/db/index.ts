export type * from './database';
export { loadMigrations, type MigrateOptions, type Migration, migrate } from './migrate';
export { type DatabaseConfig, openDatabase } from './open-database';
export { createTableUpkeep, type TableUpkeep, upkeepWanted } from './table-upkeep';
export { typeParsers } from './type-parsers';
