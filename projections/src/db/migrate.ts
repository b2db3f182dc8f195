import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';

export type Migration = { readonly version: number; readonly name: string; readonly sql: string };

export type MigrateOptions = {
  /** Bookkeeping table; the event store and the read models keep separate ones. */
  readonly table: string;
  readonly migrations: readonly Migration[];
};

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Reads `NNNN_name.sql` files in order. */
export const loadMigrations = async (folder: string): Promise<Migration[]> => {
  const files = (await readdir(folder)).filter((file) => MIGRATION_FILE.test(file)).sort();
  // Two branches that each added "the next" migration: refuse loudly instead of failing half-way at start-up.
  const versions = files.map((file) => Number((MIGRATION_FILE.exec(file) as RegExpExecArray)[1]));
  const taken = versions.filter((version, index) => versions.indexOf(version) !== index);
  if (taken.length > 0)
    throw new Error(`Two migrations in ${folder} share the number ${taken.join(', ')}: renumber one of them`);
  return Promise.all(
    files.map(async (file) => {
      const [, version, name] = MIGRATION_FILE.exec(file) as RegExpExecArray;
      return {
        version: Number(version),
        name: name as string,
        sql: await readFile(path.join(folder, file), 'utf8'),
      };
    }),
  );
};

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');
const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Applies pending migrations, each in its own transaction together with its bookkeeping row. An advisory lock keeps
 * two starting instances from migrating at once. Editing an applied migration is refused: add a new one instead.
 */
export const migrate = async (db: Database, options: MigrateOptions): Promise<Migration[]> => {
  const { table, migrations } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Invalid migrations table name: ${table}`);
  const lockKey = Number.parseInt(checksum(table).slice(0, 8), 16);
  return db.withScriptSession(async (run) => {
    await run(`select pg_advisory_lock(${lockKey})`);
    try {
      await run(`create table if not exists ${table} (
        version integer primary key, name text not null, checksum text not null,
        applied_at timestamptz not null default now())`);
      const applied = new Map(
        (await run(`select version, checksum from ${table}`)).map((row) => [
          Number(row.version),
          String(row.checksum),
        ]),
      );
      const done: Migration[] = [];
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        const known = applied.get(migration.version);
        if (known !== undefined) {
          if (known !== checksum(migration.sql)) {
            throw new Error(
              `Migration ${migration.version}_${migration.name} was changed after it was applied; add a new migration instead`,
            );
          }
          continue;
        }
        await run(
          `begin;\n${migration.sql}\n;insert into ${table} (version, name, checksum) values (${migration.version}, ${quote(migration.name)}, ${quote(checksum(migration.sql))});\ncommit;`,
        ).catch(async (error: unknown) => {
          await run('rollback').catch(() => undefined);
          throw new Error(
            `Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`,
            {
              cause: error,
            },
          );
        });
        done.push(migration);
      }
      return done;
    } finally {
      await run(`select pg_advisory_unlock(${lockKey})`);
    }
  });
};
