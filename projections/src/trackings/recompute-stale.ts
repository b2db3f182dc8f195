import { type DatabasePool, type DatabaseTransactionConnection, sql } from 'slonik';
import { z } from 'zod';
import type { SettleTransaction } from '../runner/projector';
import { deriveAndWrite, loadStored } from './tracking-rows';

const queuedRow = z.object({ symbol: z.string(), snapshot_event_id: z.string(), recorded_at: z.date() });

/** Queues a recompute of the ETF's trackings: applying its new snapshot only records this (see below). */
export const queueRecompute = async (
  tx: DatabaseTransactionConnection,
  { symbol, snapshotEventId, recordedAt }: { symbol: string; snapshotEventId: string; recordedAt: Date },
) => {
  await tx.query(sql.unsafe`
    insert into tracking_recompute_queue (symbol, snapshot_event_id, recorded_at)
    values (${symbol}, ${snapshotEventId}, ${recordedAt.toISOString()})
    on conflict (symbol) do update set snapshot_event_id = excluded.snapshot_event_id,
      recorded_at = excluded.recorded_at, failed_at = null, error = null`);
};

const failureRow = z.object({
  symbol: z.string(),
  snapshot_event_id: z.string(),
  failed_at: z.date(),
  error: z.string(),
});
export type RecomputeFailure = {
  readonly symbol: string;
  readonly snapshotEventId: string;
  readonly failedAt: Date;
  readonly error: string;
};

/** The ETFs whose recompute failed and is parked (health, admin page). */
export const listRecomputeFailures = async (pool: DatabasePool): Promise<RecomputeFailure[]> =>
  (
    await pool.any(sql.type(failureRow)`
      select symbol, snapshot_event_id, failed_at, error from tracking_recompute_queue
       where failed_at is not null order by symbol`)
  ).map((row) => ({
    symbol: row.symbol,
    snapshotEventId: row.snapshot_event_id,
    failedAt: row.failed_at,
    error: row.error,
  }));

/** Puts a parked ETF back in the queue (the caller then settles). False when it is not parked. */
export const unparkRecompute = async (pool: DatabasePool, symbol: string): Promise<boolean> =>
  (
    await pool.query(sql.unsafe`
      update tracking_recompute_queue set failed_at = null, error = null
       where symbol = ${symbol} and failed_at is not null`)
  ).rowCount > 0;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * A tracking of the ETF whose view was derived with another snapshot than the ETF's latest; or a tracking of an
 * index reading the ETF (a blend naming it, any custom list) whose view was built without that latest snapshot
 * (its snapshot id lists every `SYMBOL:eventId` it was built from: index-snapshot.ts).
 */
const staleOf = (symbol: string) => sql.fragment`
  not deleted and (
    (symbol = ${symbol} and not follows_index and snapshot_event_id is distinct from
      (select event_id from tracking_etf_snapshots where symbol = ${symbol}))
    or (follows_index
      and (state -> 'index' ->> 'type' = 'custom'
           or state -> 'index' -> 'parts' @> jsonb_build_array(jsonb_build_object('symbol', ${symbol}::text)))
      and strpos(coalesce(snapshot_event_id, ''),
                 coalesce((select ${symbol} || ':' || event_id from tracking_etf_snapshots
                            where symbol = ${symbol}), '')) = 0))`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Derives, a few at a time and each batch in its own short transaction, every tracking whose view predates its
 * ETF's latest snapshot; then takes the ETF off the queue. Rows another instance is recomputing are skipped (skip
 * locked) and waited for, so that the queue entry goes only once all of them are done. A command on a stale
 * tracking meanwhile derives it with the latest snapshot itself. Returns how many trackings it derived.
 */
export const recomputeStaleTrackings = async (
  transaction: SettleTransaction,
  { batchSize = 25, waitForOthersMs = 30_000 }: { batchSize?: number; waitForOthersMs?: number } = {},
): Promise<number> => {
  let derived = 0;
  const deadline = Date.now() + waitForOthersMs;
  for (;;) {
    const queue = await transaction((tx) =>
      tx.any(sql.type(queuedRow)`
        select symbol, snapshot_event_id, recorded_at from tracking_recompute_queue
         where failed_at is null order by symbol`),
    );
    if (queue.length === 0) return derived;
    let waiting = false;
    for (const entry of queue) {
      const run = transaction(async (tx) => {
        const stale = await loadStored(tx, staleOf(entry.symbol), { limit: batchSize, skipLocked: true });
        if (stale.length > 0) {
          await deriveAndWrite(
            tx,
            stale.map((tracking) => ({ ...tracking, at: entry.recorded_at })),
          );
          derived += stale.length;
          return 'more';
        }
        const others = await tx.oneFirst(sql.type(z.object({ n: z.number() }))`
          select count(*)::int as n from tracking_detail where ${staleOf(entry.symbol)}`);
        if (others > 0) return 'others';
        await tx.query(sql.unsafe`
          delete from tracking_recompute_queue
           where symbol = ${entry.symbol} and snapshot_event_id = ${entry.snapshot_event_id}`);
        return 'done';
      });
      const step = await run.catch(async (error: unknown) => {
        await transaction((tx) =>
          tx.query(sql.unsafe`
            update tracking_recompute_queue set failed_at = now(), error = ${messageOf(error)}
             where symbol = ${entry.symbol} and snapshot_event_id = ${entry.snapshot_event_id}`),
        );
        return 'parked' as const;
      });
      if (step === 'others') waiting = true;
      // Let whoever queued for a connection meanwhile have it (PGlite's pool has one, and slonik hands a released
      // connection to the next acquire of this same tick before its waiting clients).
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (waiting) {
      if (Date.now() > deadline) return derived; // another instance owns the rest; its own settle finishes them
      await sleep(50);
    }
  }
};
