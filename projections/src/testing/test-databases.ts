import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import { pgliteImage } from './pglite-image';
import { probeServer, serverRequired, testServerUrl } from './server-url';

export type TestDatabase = {
  readonly db: Database;
  readonly url?: string;
  /** Closes the connections and drops the database (server) or the in-memory instance (PGlite). */
  readonly dispose: () => Promise<void>;
};

let serverAvailable: Promise<boolean> | undefined;

/** Whether this worker can reach the test server; throws instead of answering false where skipping is forbidden. */
export const isServerAvailable = (): Promise<boolean> => {
  serverAvailable ??= probeServer().then((failure) => {
    if (failure && serverRequired()) throw new Error(`PostgreSQL test server unreachable: ${failure}`);
    return failure === undefined;
  });
  return serverAvailable;
};

const withAdminClient = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

const createServerDatabase = async () => {
  const name = `etf_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  const drop = () =>
    withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
  return { url: url.toString(), drop };
};

/** A fresh database on the test server, named for this run, dropped on dispose. */
export const createServerTestDatabaseUrl = async (): Promise<{ url: string; drop: () => Promise<void> }> => {
  const { url, drop } = await createServerDatabase();
  return {
    url,
    // Its users close pools of their own (some in other processes): a short pause lets those finish their goodbyes
    // before `force` terminates whatever is left.
    drop: async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await drop();
    },
  };
};

export const openServerTestDatabase = async (): Promise<TestDatabase> => {
  const { url, drop } = await createServerDatabase();
  const db = await openDatabase({ url });
  return {
    db,
    url,
    // No pause before the drop: `close` has already ended every connection of this database's pool and listener.
    dispose: async () => {
      await db.close();
      await drop();
    },
  };
};

/**
 * One in-memory PGlite, empty as after initdb (~0.6 GB each: share one per test file). Under vitest it loads the
 * run's initdb image instead of running initdb again.
 */
export const openPgliteTestDatabase = async (dataDir = 'memory://'): Promise<TestDatabase> => {
  const image = dataDir.startsWith('memory://') ? await pgliteImage() : undefined;
  const db = await openDatabase(image ? { dataDir, image } : { dataDir });
  return { db, dispose: () => db.close() };
};

/** The stores a suite runs on: PGlite always, the PostgreSQL server when one answers (`describe.each`). */
export const testDatabaseKinds = async (): Promise<{ name: string; open: () => Promise<TestDatabase> }[]> => [
  { name: 'PGlite', open: () => openPgliteTestDatabase() },
  ...((await isServerAvailable()) ? [{ name: 'the PostgreSQL server', open: openServerTestDatabase }] : []),
];
