import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPool, type DatabasePool } from 'slonik';
import { lockDataDir } from './data-dir-lock';
import type { Database, ScriptRunner } from './database';
import { createPgliteDriverFactory } from './pglite-driver';
import { resultParserInterceptor } from './result-parser';
import { createServerDriverFactory } from './server-driver';
import { typeParsers } from './type-parsers';

export type DatabaseConfig =
  /** A PostgreSQL server. */
  | { readonly url: string; readonly maximumPoolSize?: number }
  /**
   * In-process PGlite: a folder (survives restarts) or `memory://`. An in-memory instance can start from an image
   * (`PGlite.dumpDataDir`) instead of running initdb, which is most of its start-up cost.
   */
  | { readonly dataDir: string; readonly image?: Blob };

const lastRows = (result: pg.QueryResult | pg.QueryResult[]): Array<Record<string, unknown>> =>
  (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Array<Record<string, unknown>>;

export const openDatabase = (config: DatabaseConfig): Promise<Database> =>
  'url' in config
    ? openServerDatabase(config.url, config.maximumPoolSize ?? 10)
    : openPgliteDatabase(config.dataDir, config.image);

const openPgliteDatabase = async (dataDir: string, image: Blob | undefined): Promise<Database> => {
  const inMemory = dataDir.startsWith('memory://');
  if (image && !inMemory) throw new Error('Only an in-memory PGlite starts from an image');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const unlock = inMemory ? async () => undefined : await lockDataDir(dataDir);
  const created = image ? PGlite.create({ dataDir, loadDataDir: image }) : PGlite.create(dataDir);
  const pglite = await created.catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  const pool = await createPool('postgres://pglite/postgres', {
    driverFactory: createPgliteDriverFactory(pglite),
    maximumPoolSize: 1,
    ...pooledSessions,
    typeParsers,
    interceptors: [resultParserInterceptor],
  });
  const run: ScriptRunner = async (script) => (await pglite.exec(script)).at(-1)?.rows ?? [];
  // Direct PGlite calls would interleave with the pool's extended-protocol messages on the one shared session
  // ("unnamed prepared statement does not exist"), so they run while holding the pool's only connection.
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => pool.connect(() => fn());
  return {
    kind: 'pglite',
    pool,
    withScriptSession: (fn) => exclusive(() => fn(run)),
    listen: async (channel, onNotify) => {
      const stop = await exclusive(() => pglite.listen(channel, onNotify));
      return async () => {
        if (!pglite.closed) await exclusive(() => stop());
      };
    },
    close: async () => {
      await pool.end();
      if (!pglite.closed) await pglite.close();
      await unlock();
    },
  };
};

/**
 * Pooled connections are handed back as they are: slonik's default runs `DISCARD ALL` after every use, a round trip
 * per query that also throws away the server's prepared plans. Nothing here leaves session state behind (settings
 * are transaction-local, advisory locks are transaction-scoped; scripts get their own session), so there is nothing
 * to discard. Connections stay open for a minute of idleness instead of five seconds.
 */
const pooledSessions = {
  resetConnection: async () => undefined,
  idleTimeout: 60_000,
} as const;

const openServerDatabase = async (url: string, maximumPoolSize: number): Promise<Database> => {
  const pool: DatabasePool = await createPool(url, {
    driverFactory: createServerDriverFactory(),
    maximumPoolSize,
    ...pooledSessions,
    typeParsers,
    interceptors: [resultParserInterceptor],
  });
  const listener = createServerListener(url);
  return {
    kind: 'postgres',
    pool,
    withScriptSession: async (fn) => {
      const client = new pg.Client({ connectionString: url });
      // A query reports its own failure; a session that drops while idle (one holding a lock) must not end the
      // process with an unhandled 'error' event. Its lock is gone with it, which is what PostgreSQL promises.
      client.on('error', () => undefined);
      await client.connect();
      try {
        return await fn(async (script) => lastRows(await client.query(script)));
      } finally {
        await client.end();
      }
    },
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
};

/**
 * One dedicated connection carries every LISTEN. Notifications are only wake-up hints (readers also poll), so a
 * dropped connection is re-opened after a pause rather than failing anyone.
 */
const createServerListener = (url: string) => {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', () => {
        client = undefined;
        connecting = undefined;
        void next.end().catch(() => undefined);
        if (!closed) setTimeout(() => void resubscribe(), 1000).unref();
      });
      await next.connect();
      client = next;
      return next;
    })();
    return connecting;
  };

  const resubscribe = async () => {
    if (closed || handlers.size === 0) return;
    try {
      const next = await connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      connecting = undefined;
      if (!closed) setTimeout(() => void resubscribe(), 1000).unref();
    }
  };

  return {
    listen: async (channel: string, onNotify: (payload: string) => void) => {
      const connection = await connect();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    close: async () => {
      closed = true;
      handlers.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
};
