import { fileURLToPath } from 'node:url';
import type {
  AppendOptions,
  AppendResult,
  EventFilter,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamOptions,
  SubscribeOptions,
} from '@etf-replicator/core';
import { type Database, loadMigrations, migrate, type Projector } from '@etf-replicator/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { subscribeByPolling } from '../subscribe-by-polling';
import { createBatchAppender } from './append-batch';
import { eventColumns, eventRow, toRecorded } from './event-rows';
import { comparePgPositions, formatPgPosition } from './position';
import { createCoalescedReader, filterSql, readPage, readPages } from './read-pages';
import { assertLogNotFromTheFuture } from './restore-safety';
import { WakeSignal } from './wake-signal';

/**
 * The event log on PostgreSQL, identical on a server and on in-process PGlite. Appends go through one plpgsql
 * function (optimistic concurrency and idempotency in one round trip), grouped into shared transactions
 * (append-batch.ts); readers order by (transaction id, global position) and only see transactions below the
 * snapshot's xmin, so a late commit is never skipped.
 * Caveat (server): a long-running transaction anywhere in the cluster holds xmin back and delays every subscriber.
 */
export type PostgresEventStoreOptions = {
  /** Test seam: the ordering check in the contract suite must be able to catch a reader that skips late commits. */
  readonly unsafeNaiveReader?: boolean;
  /**
   * Projectors applied in the append's own transaction (Marten's and Emmett's inline projections): the read models
   * live in this database, so an append and its read-model rows commit together or not at all.
   */
  readonly inlineProjectors?: readonly Projector[];
  /**
   * Told when an inline projector's deferred work (`settle`, run after the append commits) fails. The append stands
   * (its events and read-model rows committed); the work stays queued for the next settle or start-up.
   */
  readonly onSettleError?: (error: unknown, projection: string) => void;
  /**
   * Group commit: appends arriving while this many transactions are committing wait and commit together in the next
   * one. Default 1 on PGlite (its one connection), 2 on a server (per process: since a batch's single-stream members
   * append and project together, bigger batches cost less per command; 50 investors on 2 processes, back to back on
   * an idle machine: 284 commands/s at 2, 220 at 4); `Infinity` commits every append on its own.
   */
  readonly maxConcurrentCommits?: number;
};

const reportSettleError = (error: unknown, projection: string) =>
  console.error(`Deferred work of the ${projection} projection failed; it stays queued:`, error);

export const EVENT_LOG_MIGRATIONS_TABLE = 'es_schema_migrations';

export const migrateEventLog = async (db: Database) =>
  migrate(db, {
    table: EVENT_LOG_MIGRATIONS_TABLE,
    migrations: await loadMigrations(fileURLToPath(new URL('.', import.meta.url))),
  });

export const createPostgresEventStore = async (
  db: Database,
  options: PostgresEventStoreOptions = {},
): Promise<EventStore> => {
  await migrateEventLog(db);
  // After a restore or a move to another server, refuse to start rather than serve a log nobody can read.
  await assertLogNotFromTheFuture(db.pool);
  const { pool } = db;
  const appender = createBatchAppender(pool, {
    inlineProjectors: options.inlineProjectors ?? [],
    onSettleError: options.onSettleError ?? reportSettleError,
    maxInFlight: options.maxConcurrentCommits ?? (db.kind === 'pglite' ? 1 : 2),
  });
  const wake = new WakeSignal();
  let stopListening: Promise<() => Promise<void>> | undefined;
  const ensureListening = () => {
    stopListening ??= db.listen('es_events', () => wake.notify());
    return stopListening;
  };

  const naive = options.unsafeNaiveReader === true;
  const readAll = (readOptions: ReadAllOptions): Promise<ReadAllResult> =>
    readPage(pool, readOptions, { naive });
  // Every subscriber a notification wakes reads in the same turn: one statement for all of them (issue 28 item 1).
  const readForSubscribers = naive
    ? readAll
    : createCoalescedReader(readAll, (requests) => readPages(pool, requests));

  return {
    kind: db.kind,

    async appendToStream(streamId: string, events: readonly NewEvent[], { expectedRevision }: AppendOptions) {
      if (events.length === 0) throw new RangeError('appendToStream needs at least one event');
      const [result] = await appender.appendToStreams([{ streamId, events, expectedRevision }]);
      return result as AppendResult;
    },

    appendToStreams: appender.appendToStreams,

    async readStream(streamId: string, { fromRevision = 0, maxCount }: ReadStreamOptions = {}) {
      const limit = maxCount === undefined ? sql.fragment`` : sql.fragment`limit ${maxCount}`;
      const rows = await pool.any(sql.type(eventRow)`
        select 'event' as kind, ${eventColumns} from es_events e
         where e.stream_id = ${streamId} and e.stream_position >= ${fromRevision}
         order by e.stream_position ${limit}`);
      return rows.map(toRecorded);
    },

    readAll,

    subscribeToAll(subscribeOptions: SubscribeOptions) {
      return subscribeByPolling(subscribeOptions, {
        readAll: readForSubscribers,
        comparePositions: comparePgPositions,
        waitForWake: async (ms, signal) => {
          await ensureListening();
          await wake.wait(ms, signal);
        },
      });
    },

    async headPosition() {
      const head = await pool.maybeOne(sql.type(z.object({ tx: z.string(), global_position: z.number() }))`
        select e.transaction_id::text as tx, e.global_position from es_events e
         where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         order by e.transaction_id desc, e.global_position desc limit 1`);
      return head ? formatPgPosition(head.tx, head.global_position) : undefined;
    },

    async lastCommittedPosition() {
      // Not bounded by xmin: an event committed after an older transaction that is still open (anywhere in the
      // cluster, on a server) is already here, though no reader may pass it yet.
      const last = await pool.maybeOne(sql.type(z.object({ tx: z.string(), global_position: z.number() }))`
        select e.transaction_id::text as tx, e.global_position from es_events e
         order by e.transaction_id desc, e.global_position desc limit 1`);
      return last ? formatPgPosition(last.tx, last.global_position) : undefined;
    },

    async countEvents(filter?: EventFilter) {
      return pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::bigint as n from es_events e
         where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot()) and ${filterSql(filter)}`);
    },

    comparePositions: comparePgPositions,

    async close() {
      const stop = await stopListening;
      await stop?.();
      wake.notify();
    },
  };
};
