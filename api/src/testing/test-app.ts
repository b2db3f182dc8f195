import type { EventStore } from '@etf-replicator/core';
import { type Database, migrateReadModels, type Projector } from '@etf-replicator/projections';
import {
  isServerAvailable,
  openPgliteTestDatabase,
  openServerTestDatabase,
  withSettledReads,
} from '@etf-replicator/projections/testing';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../app';
import type { SiblingChannel } from '../cluster/sibling-channel';
import { type AppConfig, loadConfig } from '../config';
import { createPostgresEventStore } from '../event-store/postgres/postgres-event-store';
import {
  assembleInfrastructure,
  goInline,
  waitForProjectionsToCatchUp,
} from '../infrastructure/infrastructure';
import type { Metrics } from '../metrics/metrics';
import { projectors as allProjectors } from '../projectors';

export type TestStoreKind = 'pglite' | 'postgres';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & {
  readonly testDb: Database;
  readonly testEventStore: EventStore;
  /** Waits until every projection applied the log as it stands now; tests reading read models directly use it. */
  readonly projectionsCaughtUp: () => Promise<void>;
  readonly dispose: () => Promise<void>;
  /** Stops the app and its runners but keeps the database (to start another app over it). */
  readonly stop: () => Promise<void>;
  /** Disposes the database of a stopped app. */
  readonly disposeDatabase: () => Promise<void>;
};

/**
 * The real app over a fresh database: in-memory PGlite, or a new database on the test server. Share one per test
 * file (PGlite costs 1–2 s); give each test its own ids.
 */
export const createTestApp = async ({
  store = 'pglite',
  env = {},
  projectors = allProjectors,
  beforeReady,
  database,
  sameDatabaseAs,
  metrics,
  logger,
  siblings,
}: {
  store?: TestStoreKind;
  /** Start over an existing database (a restart: fresh process state, same data); the caller disposes it. */
  database?: Database;
  /** A second instance on another app's database (as a second API process would be); its disposal leaves it. */
  sameDatabaseAs?: TestApp;
  env?: Record<string, string>;
  projectors?: readonly Projector[];
  /** Registers extra test routes or plugins before the app is ready. */
  beforeReady?: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>;
  /** A registry wired as the server wires it (appends timed, pool and lag gauges); default: a private one. */
  metrics?: Metrics;
  /** A pino logger to see what the app logs (default: silent). */
  logger?: FastifyBaseLogger;
  /** The other server processes of a cluster this instance stands with (in-memory-siblings.ts). */
  siblings?: SiblingChannel;
} = {}): Promise<TestApp> => {
  const shared = database ?? sameDatabaseAs?.testDb;
  const test = shared
    ? { db: shared, dispose: async () => undefined }
    : store === 'postgres'
      ? await openServerTestDatabase()
      : await openPgliteTestDatabase();
  const config: AppConfig = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    // On the shared CI server, any suite's open transaction holds back every log reader: 2 s is not enough there.
    READ_YOUR_WRITES_WAIT_MS: '15000',
    ...env,
  });
  await migrateReadModels(test.db);
  // As in production: the projectors that can run inline do, in each append's transaction.
  const inline = projectors.filter((projector) => projector.inline);
  const eventStore = await createPostgresEventStore(test.db, { inlineProjectors: inline });
  const infrastructure = assembleInfrastructure({
    ...(await goInline({ db: test.db, eventStore, projectors, inline })),
    closeDb: false,
    ...(metrics ? { metrics } : {}),
    readYourWritesWaitMs: config.READ_YOUR_WRITES_WAIT_MS,
  });
  const app = await buildApp({
    config,
    infrastructure,
    jwtSecret: 'test-secret-'.padEnd(48, 'x'),
    ...(metrics ? { metrics } : {}),
    ...(logger ? { logger } : {}),
    ...(siblings ? { siblings } : {}),
  });
  await beforeReady?.(app);
  await app.ready();
  return Object.assign(app, {
    testDb: test.db,
    // Tests read the log right after their appends: they wait until the server lets every commit be read.
    testEventStore: withSettledReads(eventStore),
    projectionsCaughtUp: async () => {
      if (!(await waitForProjectionsToCatchUp(infrastructure, 20_000)))
        throw new Error('projections did not catch up with the log within 20 s');
    },
    stop: async () => {
      await app.close();
      await infrastructure.close();
    },
    disposeDatabase: () => test.dispose(),
    dispose: async () => {
      await app.close();
      await infrastructure.close();
      await test.dispose();
    },
  });
};

/** PGlite always; the PostgreSQL server too when reachable (CI makes sure it is). Use with describe.each. */
export const testStores = async (): Promise<TestStoreKind[]> =>
  (await isServerAvailable()) ? ['pglite', 'postgres'] : ['pglite'];
