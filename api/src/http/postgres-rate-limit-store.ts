import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin really passes to `child` (its types say route options): the merged params with `routeInfo`. */
const childParams = z
  .object({
    routeInfo: z
      .object({ method: z.union([z.string(), z.array(z.string())]).optional(), url: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose();

const hitRow = z.object({ hits: z.number(), ttl_ms: z.number() });

/**
 * Counts a hit on `key` in a fixed window of `windowMs`, atomically in PostgreSQL (the database's clock), so every
 * instance on one database enforces one limit and a restart forgets nothing.
 */
export const countHit = async (db: CommonQueryMethods, key: string, windowMs: number) => {
  const row = await db.one(sql.type(hitRow)`
    insert into rate_limit_hits as h (key, hits, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when h.window_ends_at <= now() then 1 else h.hits + 1 end,
      window_ends_at = case when h.window_ends_at <= now() then excluded.window_ends_at else h.window_ends_at end
    returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::float8 as ttl_ms`);
  return { current: row.hits, ttl: row.ttl_ms };
};

const readHits = async (db: CommonQueryMethods, key: string) => {
  const row = await db.maybeOne(sql.type(hitRow)`
    select hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::float8 as ttl_ms
      from rate_limit_hits where key = ${key} and window_ends_at > now()`);
  return row ? { current: row.hits, ttl: row.ttl_ms } : { current: 0, ttl: 0 };
};

/** Old windows are dead weight: the periodic purge drops them. */
export const purgeRateLimits = async (db: CommonQueryMethods) => {
  await db.query(sql.unsafe`delete from rate_limit_hits where window_ends_at < now() - interval '1 hour'`);
  await db.query(sql.unsafe`delete from login_failures where last_failure_at < now() - interval '1 day'`);
};

/**
 * A @fastify/rate-limit `store` keeping its counters in PostgreSQL. `namespace` separates the plugin
 * registrations (auth, feedback, demo); each limiter made with `createRateLimit`/`rateLimit(options)` or a route's
 * config gets its own prefix, named after its route when it has one, else after its creation order (the same in
 * every instance, since every instance runs the same code).
 */
export const postgresRateLimitStore = (
  db: CommonQueryMethods,
  namespace: string,
): FastifyRateLimitStoreCtor => {
  let children = 0;
  return class PostgresRateLimitStore {
    readonly prefix: string;
    constructor(_globalParams?: unknown, prefix = namespace) {
      this.prefix = prefix;
    }
    incr(key: string, callback: IncrCallback, timeWindow: number) {
      countHit(db, `${this.prefix}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: IncrCallback) {
      readHits(db, `${this.prefix}|${key}`).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child(params: unknown) {
      const { method, url } = childParams.safeParse(params).data?.routeInfo ?? {};
      const name = url ? `${[method].flat().join(',')} ${url}` : `limiter-${++children}`;
      return new PostgresRateLimitStore(undefined, `${namespace}/${name}`);
    }
  };
};
