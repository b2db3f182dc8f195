import { randomUUID } from 'node:crypto';
import {
  type AppendResult,
  DuplicateEventIdError,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  streamCategory,
  WrongExpectedVersionError,
} from '@etf-replicator/core';
import {
  applyEvents,
  collectCommitHooks,
  needsSettling,
  type Projector,
  readsEventType,
  settleProjector,
  withDeferredWrites,
} from '@etf-replicator/projections';
import { type CommonQueryMethods, type DatabasePool, type DatabaseTransactionConnection, sql } from 'slonik';
import { z } from 'zod';
import { createGroupCommit, type Member } from './group-commit';
import { formatPgPosition } from './position';

/**
 * Appends on PostgreSQL/PGlite: one stream (`appendToStream`) or several all-or-nothing (`appendToStreams`), each a
 * member of a group commit. A batch is one transaction: every member's `es_append` (its own expected-revision check)
 * then its inline projections. A member whose revision check fails is refused alone (es_append stores nothing on a
 * conflict; a multi-stream member runs in a savepoint so a later stream's conflict undoes its earlier ones) and the
 * others commit. Any other failure (a duplicate event id, a projector error, a lost connection) rolls the batch back
 * and each member is retried in a transaction of its own, so only the failing one fails: event ids make the retry
 * exactly-once.
 */
export type AppendBatchOptions = {
  readonly inlineProjectors: readonly Projector[];
  readonly onSettleError: (error: unknown, projection: string) => void;
  /** Batches committing at once; `Infinity` turns grouping off (every append its own transaction, as before). */
  readonly maxInFlight: number;
};

type PreparedAppend = StreamAppend & { readonly ids: readonly string[] };
type Work = { readonly appends: readonly PreparedAppend[]; readonly inline: readonly Projector[] };
type Stored = {
  next_version: number;
  last_tx: string;
  last_position: number;
  fresh: boolean;
  recorded_at: Date;
};

const appendRow = z.object({
  next_version: z.number().nullable(),
  last_tx: z.string().nullable(),
  last_position: z.number().nullable(),
  conflict: z.boolean(),
  current_version: z.number().nullable(),
  /** True when this call stored the events; false when it answered an earlier append of the same ids. */
  fresh: z.boolean().nullable(),
  recorded_at: z.date(),
});

const expectedToSql = (expected: ExpectedRevision): number | null => {
  if (expected === 'any') return null;
  if (expected === 'no_stream') return -1;
  if (expected === 'stream_exists') return -2;
  if (!Number.isSafeInteger(expected) || expected < 0)
    throw new RangeError(`Invalid expected revision ${expected}`);
  return expected;
};

const sqlState = (error: unknown): string | undefined => {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
};

/** One stream's `es_append`; a revision conflict is thrown as WrongExpectedVersionError (nothing was written). */
const esAppend = async (db: CommonQueryMethods, append: PreparedAppend): Promise<Stored> => {
  const { streamId, events, ids, expectedRevision } = append;
  let row: z.infer<typeof appendRow>;
  try {
    row = await db.one(sql.type(appendRow)`
      select a.*, a.last_tx = pg_current_xact_id_if_assigned() as fresh, now() as recorded_at from es_append(
        ${streamId}, ${streamCategory(streamId)}, ${expectedToSql(expectedRevision)}::bigint,
        ${sql.array([...ids], 'uuid')},
        ${sql.array(
          events.map((event) => event.type),
          'text',
        )},
        ${sql.array(
          events.map((event) => JSON.stringify(event.data ?? null)),
          'jsonb',
        )},
        ${sql.array(
          events.map((event) => JSON.stringify(event.metadata ?? {})),
          'jsonb',
        )}) a`);
  } catch (error) {
    if (sqlState(error) === 'P0005') throw new DuplicateEventIdError(streamId, ids[0] as string);
    throw error;
  }
  if (row.conflict || row.next_version === null || row.last_tx === null || row.last_position === null) {
    throw new WrongExpectedVersionError(streamId, expectedRevision, row.current_version ?? undefined);
  }
  const { next_version, last_tx, last_position, recorded_at } = row;
  return { next_version, last_tx, last_position, fresh: row.fresh === true, recorded_at };
};

/** The events as a reader gets them back: the JSON the log stores, not the caller's objects. */
const recordedOf = ({ streamId, events, ids }: PreparedAppend, stored: Stored): RecordedEvent[] =>
  events.map((event, index) => ({
    id: ids[index] as string,
    type: event.type,
    data: JSON.parse(JSON.stringify(event.data ?? null)),
    metadata: JSON.parse(JSON.stringify(event.metadata ?? {})),
    streamId,
    streamRevision: stored.next_version - events.length + 1 + index,
    // Inline projectors key on stream revisions; every event of the append shares its last position.
    globalPosition: formatPgPosition(stored.last_tx, stored.last_position),
    recordedAt: stored.recorded_at,
  }));

const toResult = (stored: Stored): AppendResult => ({
  nextExpectedRevision: stored.next_version,
  position: formatPgPosition(stored.last_tx, stored.last_position),
});

export const createBatchAppender = (pool: DatabasePool, options: AppendBatchOptions) => {
  /**
   * A member's appends, then (for what this call stored) its inline projections, in the member's own context. What
   * the projectors want done once their writes commit goes into `hooks` (see commit-hooks.ts).
   */
  const applyMember = async (
    db: CommonQueryMethods,
    member: Member<Work, AppendResult[]>,
    hooks: (() => void)[] = [],
  ) => {
    const stored: Stored[] = [];
    for (const append of member.work.appends) stored.push(await esAppend(db, append));
    await member.inContext(() =>
      collectCommitHooks(hooks, async () => {
        for (const [index, append] of member.work.appends.entries()) {
          const row = stored[index] as Stored;
          if (!row.fresh) continue;
          const recorded = recordedOf(append, row);
          // A member with inline projectors always runs in a transaction (see `attempt`).
          const tx = db as DatabaseTransactionConnection;
          // The projectors' row writes of this append go to the database together, as one statement.
          await withDeferredWrites(tx, async () => {
            for (const projector of member.work.inline) {
              const read = recorded.filter((event) => readsEventType(projector, event.type));
              if (read.length > 0) await applyEvents(tx, projector, read);
            }
          });
        }
      }),
    );
    return stored.map(toResult);
  };

  /** Commits the members in one transaction; a revision conflict is a member's own outcome, anything else throws. */
  const attempt = async (members: readonly Member<Work, AppendResult[]>[]) => {
    const only = members.length === 1 ? members[0] : undefined;
    // A lone single-stream append with nothing to project is one autocommitted statement (one round trip).
    if (only && only.work.appends.length === 1 && only.work.inline.length === 0) {
      try {
        return [await applyMember(pool, only)];
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) return [error];
        throw error;
      }
    }
    // Hooks of the members whose writes are part of the commit (a member refused alone left nothing behind).
    const committedHooks: (() => void)[] = [];
    const outcomes = await pool.transaction(async (tx) => {
      const outcomes: (AppendResult[] | WrongExpectedVersionError)[] = [];
      for (const member of members) {
        const hooks: (() => void)[] = [];
        try {
          outcomes.push(
            member.work.appends.length > 1
              ? await tx.transaction((savepoint) => applyMember(savepoint, member, hooks))
              : await applyMember(tx, member, hooks),
          );
          committedHooks.push(...hooks);
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError)) throw error;
          outcomes.push(error);
        }
      }
      return outcomes;
    });
    for (const hook of committedHooks) hook();
    return outcomes;
  };

  const settleDeferredWork = async (members: readonly Member<Work, AppendResult[]>[]) => {
    const projectors = new Set<Projector>();
    for (const { work } of members)
      for (const projector of work.inline)
        if (work.appends.some((append) => needsSettling(projector, append.events))) projectors.add(projector);
    // Work too big for the append's transaction (a snapshot re-deriving an ETF's trackings), done before the
    // appends answer so that their callers read a settled read model.
    for (const projector of projectors) {
      await settleProjector(pool, projector).catch((error: unknown) =>
        options.onSettleError(error, projector.name),
      );
    }
  };

  const commit = async (members: readonly Member<Work, AppendResult[]>[]): Promise<void> => {
    let outcomes: (AppendResult[] | WrongExpectedVersionError)[];
    try {
      outcomes = await attempt(members);
    } catch (error) {
      if (members.length === 1) throw error;
      for (const member of members)
        await commit([member]).catch((alone) => member.settle({ ok: false, error: alone }));
      return;
    }
    const answer = () =>
      members.forEach((member, index) => {
        const outcome = outcomes[index];
        if (outcome instanceof WrongExpectedVersionError) member.settle({ ok: false, error: outcome });
        else member.settle({ ok: true, value: outcome as AppendResult[] });
      });
    // The deferred work (a snapshot re-deriving 1,000 trackings takes a while) runs after this batch has left its
    // commit slot: on PGlite, with one slot, every other append would otherwise queue behind it. The members still
    // answer only once it is done, so that their callers read a settled read model.
    void settleDeferredWork(members.filter((_, index) => !(outcomes[index] instanceof Error))).then(
      answer,
      answer,
    );
  };

  const group = createGroupCommit<Work, AppendResult[]>({
    maxInFlight: options.maxInFlight,
    maxBatch: 64,
    canJoin: (taken, next) => {
      const ids = new Set(taken.flatMap((work) => work.appends.flatMap((append) => append.ids)));
      return next.appends.every((append) => append.ids.every((id) => !ids.has(id)));
    },
    commit,
  });

  const prepare = (appends: readonly StreamAppend[]): Work => {
    if (appends.length === 0) throw new RangeError('appendToStreams needs at least one stream');
    const streams = new Set(appends.map((append) => append.streamId));
    if (streams.size !== appends.length) throw new RangeError('appendToStreams takes each stream once');
    const prepared = appends.map((append) => {
      if (append.events.length === 0)
        throw new RangeError(`appending to ${append.streamId} needs at least one event`);
      expectedToSql(append.expectedRevision);
      return { ...append, ids: append.events.map((event: NewEvent) => event.id ?? randomUUID()) };
    });
    const inline = options.inlineProjectors.filter((projector) =>
      appends.some((append) => append.events.some((event) => readsEventType(projector, event.type))),
    );
    return { appends: prepared, inline };
  };

  return {
    appendToStreams: async (appends: readonly StreamAppend[]): Promise<AppendResult[]> =>
      group.submit(prepare(appends)),
  };
};
