import type { RecordedEvent } from '@etf-replicator/core';
import type { DatabasePool, DatabaseTransactionConnection, FragmentSqlToken } from 'slonik';

/**
 * A read model's writer. `handle` runs inside the runner's transaction and must be idempotent and total: a recorded
 * event is a fact, so a projector skips or clamps what it cannot use instead of throwing (CONVENTIONS §6.5).
 */
export type Projector = {
  readonly name: string;
  /** The event types it reads (the runner filters the log with them), or 'all' for every event. */
  readonly eventTypes: readonly string[] | 'all';
  /**
   * May run inline: where the log and the read models share one PostgreSQL database, its events are applied in the
   * append's own transaction (read your writes without waiting) instead of by the asynchronous runner.
   */
  readonly inline?: boolean;
  /**
   * The version of what it stores (1 when absent). Bump it when the shape of its tables or of a state it keeps
   * there changes: the next start-up rebuilds the projection from the log before anything reads the old rows.
   */
  readonly version?: number;
  /** Tables it owns (rebuilt together when the projection is rebuilt). */
  readonly tables: readonly string[];
  readonly handle: (tx: DatabaseTransactionConnection, event: RecordedEvent) => Promise<void>;
  /**
   * Optional: applies a whole page at once (same result as `handle` one by one). Lets a projector fold many events
   * of one entity and write it once, which is what makes rebuilds fast.
   */
  readonly handleBatch?: (
    tx: DatabaseTransactionConnection,
    events: readonly RecordedEvent[],
  ) => Promise<void>;
  /**
   * Optional, inline only: what applying an append to these streams will most likely read, as a jsonb expression
   * the append's own statement evaluates (read-along.ts); `readAlongOf` gives the value back while the append's
   * events are applied. Undefined: nothing to guess.
   */
  readonly readAlong?: (streamIds: readonly string[]) => FragmentSqlToken | undefined;
  /**
   * Optional, rebuilds on a PostgreSQL server: the replay folds and derives a page while the page before it is still
   * being written (rebuild/pipelined-pages.ts). Each page's writes are then deferred (deferred-writes.ts) and its
   * `handleBatch` must not read back what the page before wrote: `scope` runs each replay where the projector keeps
   * those rows in memory, and `overlaps` says whether `page` may start before `previous` has committed.
   */
  readonly pipelinedRebuild?: {
    readonly scope: <T>(replay: () => Promise<T>) => Promise<T>;
    readonly overlaps: (previous: readonly RecordedEvent[], page: readonly RecordedEvent[]) => boolean;
  };
  /**
   * Optional: work too big for the transaction of the event that caused it (a new ETF snapshot recomputes every
   * tracking of that ETF). `handle` only queues it in the projector's tables; `run` does it in small transactions
   * and returns how many rows it updated. Run after a commit that applied an event of an `after` type, at start-up
   * (what a crash left queued), and by a rebuild before its swap. Idempotent, and safe for two instances at once.
   */
  readonly settle?: {
    readonly after: readonly string[];
    readonly run: (transaction: SettleTransaction) => Promise<number>;
  };
};

/** Runs one small unit of deferred work in its own transaction (in a rebuild: against the fresh tables). */
export type SettleTransaction = <T>(work: (tx: DatabaseTransactionConnection) => Promise<T>) => Promise<T>;

/** Does the projector's deferred work (if it has any), each unit in its own transaction on the pool. */
export const settleProjector = (pool: DatabasePool, projector: Projector): Promise<number> =>
  projector.settle ? projector.settle.run((work) => pool.transaction(work)) : Promise.resolve(0);

/** Whether applying these events left deferred work for the projector's `settle`. */
export const needsSettling = (projector: Projector, events: readonly { type: string }[]): boolean =>
  projector.settle !== undefined && events.some((event) => projector.settle?.after.includes(event.type));

/** Applies events through `handleBatch` when the projector has one, else one by one. */
export const applyEvents = async (
  tx: DatabaseTransactionConnection,
  projector: Projector,
  events: readonly RecordedEvent[],
): Promise<void> => {
  if (events.length === 0) return;
  if (projector.handleBatch) return projector.handleBatch(tx, events);
  for (const event of events) await projector.handle(tx, event);
};

/** The projector's checkpoint value once it is applied inline: the log position no longer says how far it got. */
export const INLINE_CHECKPOINT = 'inline';

export const projectorVersion = (projector: Projector): number => projector.version ?? 1;

/** Whether the projector reads events of this type. */
export const readsEventType = (projector: Projector, type: string): boolean =>
  projector.eventTypes === 'all' || projector.eventTypes.includes(type);
