import { randomUUID } from 'node:crypto';
import {
  type MarketRefreshOutcome,
  type MarketRefreshRun,
  marketRefreshOutcomeSchema,
} from '@etf-replicator/core/contracts/admin';
import { type CommonQueryMethods, sql, UniqueIntegrityConstraintViolationError } from 'slonik';
import { z } from 'zod';

/**
 * The market_refresh_runs table (migration 0140): the record of every refresh and the lease that lets one instance
 * run it. A plain operational table, not events: a run is bookkeeping about fetching (the decisions it leads to are
 * the EtfSnapshotPublished events), it is never reverted, and the admin page needs it even when every ETF failed.
 */

/** How long a claim holds without being renewed; the runner renews it after each ETF. */
export const REFRESH_LEASE_SECONDS = 300;

export type RefreshTrigger = 'schedule' | 'admin' | 'cli';

const runRow = z.object({
  run_id: z.string(),
  trigger: z.enum(['schedule', 'admin', 'cli']),
  status: z.enum(['running', 'succeeded', 'partial', 'failed', 'abandoned']),
  started_at: z.date(),
  finished_at: z.date().nullable(),
  outcomes: z.array(marketRefreshOutcomeSchema),
});

const toRun = (row: z.infer<typeof runRow>): MarketRefreshRun => ({
  runId: row.run_id,
  trigger: row.trigger,
  status: row.status,
  startedAt: row.started_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
  outcomes: row.outcomes,
});

/** Marks runs whose instance stopped renewing their lease (a crash) as abandoned, so a new run can start. */
const abandonExpired = (db: CommonQueryMethods) =>
  db.query(sql.unsafe`
    update market_refresh_runs set status = 'abandoned', finished_at = now()
     where status = 'running' and lease_until < now()`);

/**
 * Claims a run: inserts its row as 'running'. Undefined when another instance already claimed this slot (the same
 * scheduled run) or another run is still running (one at a time, whatever started it).
 */
export const claimRefreshRun = async (
  db: CommonQueryMethods,
  { slot, trigger, startedBy }: { slot?: string; trigger: RefreshTrigger; startedBy?: string },
): Promise<string | undefined> => {
  await abandonExpired(db);
  const runId = randomUUID();
  try {
    const inserted = await db.maybeOne(sql.type(z.object({ run_id: z.string() }))`
      insert into market_refresh_runs (run_id, slot, trigger, started_by, status, lease_until)
      values (${runId}, ${slot ?? `manual:${runId}`}, ${trigger}, ${startedBy ?? null}, 'running',
              now() + make_interval(secs => ${REFRESH_LEASE_SECONDS}))
      on conflict do nothing
      returning run_id`);
    return inserted?.run_id;
  } catch (error) {
    // Two inserts racing on the partial unique index can still surface as a violation on some paths.
    if (error instanceof UniqueIntegrityConstraintViolationError) return undefined;
    throw error;
  }
};

/** Why an ETF failed, as a run records it: the error's message (never the key), bounded. */
export const failureReason = (error: unknown) => ((error as Error).message || String(error)).slice(0, 500);

/**
 * Records the ETFs done so far and extends the lease (the run is alive). Every write of a run is fenced by its run id
 * AND its status: false when the run no longer holds its lease (it was paused past it and marked abandoned, another
 * run took over) — the run must then stop.
 */
export const recordRefreshProgress = async (
  db: CommonQueryMethods,
  runId: string,
  outcomes: readonly MarketRefreshOutcome[],
): Promise<boolean> =>
  (
    await db.query(sql.unsafe`
      update market_refresh_runs
         set outcomes = ${sql.jsonb(outcomes)},
             lease_until = now() + make_interval(secs => ${REFRESH_LEASE_SECONDS})
       where run_id = ${runId} and status = 'running'`)
  ).rowCount > 0;

/** Extends the lease while one ETF takes long (FMP backing off): the heartbeat of a run that is alive. */
export const renewRefreshLease = (db: CommonQueryMethods, runId: string) =>
  db.query(sql.unsafe`
    update market_refresh_runs set lease_until = now() + make_interval(secs => ${REFRESH_LEASE_SECONDS})
     where run_id = ${runId} and status = 'running'`);

/** Records the run's end; false (nothing written) when it had lost its lease: "abandoned" stays what it says. */
export const finishRefreshRun = async (
  db: CommonQueryMethods,
  runId: string,
  outcomes: readonly MarketRefreshOutcome[],
): Promise<boolean> => {
  const failed = outcomes.filter((row) => row.outcome === 'failed').length;
  const status = failed === 0 ? 'succeeded' : failed === outcomes.length ? 'failed' : 'partial';
  const result = await db.query(sql.unsafe`
    update market_refresh_runs set status = ${status}, finished_at = now(), outcomes = ${sql.jsonb(outcomes)}
     where run_id = ${runId} and status = 'running'`);
  return result.rowCount > 0;
};

/** Whether a scheduled slot has a run (claimed by any instance, whatever became of it). */
export const slotClaimed = async (db: CommonQueryMethods, slot: string): Promise<boolean> =>
  (await db.maybeOne(sql.type(z.object({ run_id: z.string() }))`
    select run_id from market_refresh_runs where slot = ${slot} limit 1`)) !== null;

/**
 * Renews the run's lease every fifth of its length until stopped: the heartbeat of a run that is alive, also while
 * one ETF takes minutes (FMP backing off). Returns the stop function.
 */
export const keepLeaseAlive = (db: CommonQueryMethods, runId: string, onError: (error: unknown) => void) => {
  const heartbeat = setInterval(
    () => {
      renewRefreshLease(db, runId).catch(onError);
    },
    (REFRESH_LEASE_SECONDS * 1000) / 5,
  );
  heartbeat.unref();
  return () => clearInterval(heartbeat);
};

/** Whether a run is going on now (its lease still holds). */
export const runningRefresh = async (db: CommonQueryMethods): Promise<string | undefined> =>
  (
    await db.maybeOne(sql.type(z.object({ run_id: z.string() }))`
      select run_id from market_refresh_runs where status = 'running' and lease_until >= now()`)
  )?.run_id;

export const listRefreshRuns = async (
  db: CommonQueryMethods,
  { page, size }: { page: number; size: number },
): Promise<{ runs: MarketRefreshRun[]; total: number }> => {
  await abandonExpired(db);
  const rows = await db.any(sql.type(runRow)`
    select run_id, trigger, status, started_at, finished_at, outcomes from market_refresh_runs
     order by started_at desc, run_id limit ${size} offset ${page * size}`);
  const total = await db.oneFirst(sql.type(z.object({ count: z.number() }))`
    select count(*)::int as count from market_refresh_runs`);
  return { runs: rows.map(toRun), total };
};
