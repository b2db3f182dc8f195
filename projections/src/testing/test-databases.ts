import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
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

/** A fresh database on the test server, named for this run, dropped on dispose. */
export const createServerTestDatabaseUrl = async (): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `etf_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // A short pause lets closing pools finish their goodbyes before `force` terminates whatever is left.
    drop: async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
};

export const openServerTestDatabase = async (): Promise<TestDatabase> => {
  const { url, drop } = await createServerTestDatabaseUrl();
  const db = await openDatabase({ url });
  return {
    db,
    url,
    dispose: async () => {
      await db.close();
      await drop();
    },
  };
};

/** One in-memory PGlite (1–2 s and ~0.6 GB each: share one per test file). */
export const openPgliteTestDatabase = async (dataDir = 'memory://'): Promise<TestDatabase> => {
  const db = await openDatabase({ dataDir });
  return { db, dispose: () => db.close() };
};

/** The stores a suite runs on: PGlite always, the PostgreSQL server when one answers (`describe.each`). */
export const testDatabaseKinds = async (): Promise<{ name: string; open: () => Promise<TestDatabase> }[]> => [
  { name: 'PGlite', open: () => openPgliteTestDatabase() },
  ...((await isServerAvailable()) ? [{ name: 'the PostgreSQL server', open: openServerTestDatabase }] : []),
];
