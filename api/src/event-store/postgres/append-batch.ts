import { randomUUID } from 'node:crypto';
import {
  type AppendResult,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  WrongExpectedVersionError,
} from '@etf-replicator/core';
import {
  applyEvents,
  collectCommitHooks,
  needsSettling,
  type Projector,
  readAlongColumn,
  readAlongValues,
  readsEventType,
  runJointly,
  settleProjector,
  withDeferredWrites,
  withReadAlong,
} from '@etf-replicator/projections';
import type { CommonQueryMethods, DatabasePool, DatabaseTransactionConnection } from 'slonik';
import { esAppend, esAppendMany, expectedToSql, type PreparedAppend, type Stored } from './es-append';
import { createGroupCommit, type Member } from './group-commit';
import { formatPgPosition } from './position';

/**
 * Appends on PostgreSQL/PGlite: one stream (`appendToStream`) or several all-or-nothing (`appendToStreams`), each a
 * member of a group commit. A batch is one transaction: every member's `es_append` (its own expected-revision check)
 * then its inline projections; the single-stream members of a batch of several append in one statement and are
 * projected together (`applyTogether`). A member whose revision check fails is refused alone (es_append stores
 * nothing on a conflict; a multi-stream member runs in a savepoint so a later stream's conflict undoes its earlier
 * ones) and the others commit. Any other failure (a duplicate event id, a projector error, a lost connection) rolls
 * the batch back and each member is retried in a transaction of its own, so only the failing one fails: event ids
 * make the retry exactly-once.
 */
export type AppendBatchOptions = {
  readonly inlineProjectors: readonly Projector[];
  readonly onSettleError: (error: unknown, projection: string) => void;
  /** Batches committing at once; `Infinity` turns grouping off (every append its own transaction, as before). */
  readonly maxInFlight: number;
};

type Work = { readonly appends: readonly PreparedAppend[]; readonly inline: readonly Projector[] };

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

/**
 * The projectors' row writes of these events, sent to the database together as one statement; with
 * `lastInTransaction` (nothing else is sent in the transaction after it) that statement carries the COMMIT.
 */
const project = (
  tx: DatabaseTransactionConnection,
  projectors: readonly Projector[],
  recorded: RecordedEvent[],
  { lastInTransaction, along }: { lastInTransaction: boolean; along: unknown },
) =>
  withReadAlong(tx, readAlongValues(along), () =>
    withDeferredWrites(
      tx,
      async () => {
        for (const projector of projectors) {
          const read = recorded.filter((event) => readsEventType(projector, event.type));
          if (read.length > 0) await applyEvents(tx, projector, read);
        }
      },
      { lastInTransaction },
    ),
  );

/** What the projectors expect to read when they apply appends to these streams, sent along the append. */
const alongOf = (projectors: readonly Projector[], streamIds: readonly string[]) =>
  readAlongColumn(
    projectors.flatMap((projector) => {
      const read = projector.readAlong?.(streamIds);
      return read ? [[projector.name, read] as const] : [];
    }),
  );

type Outcome = AppendResult[] | WrongExpectedVersionError;

export const createBatchAppender = (pool: DatabasePool, options: AppendBatchOptions) => {
  /**
   * A member's appends, then (for what this call stored) its inline projections, in the member's own context. What
   * the projectors want done once their writes commit goes into `hooks` (see commit-hooks.ts).
   */
  const applyMember = async (
    db: CommonQueryMethods,
    member: Member<Work, AppendResult[]>,
    hooks: (() => void)[] = [],
    { lastInTransaction = false } = {},
  ) => {
    const stored: Stored[] = [];
    // Only a member of one stream reads along: a later stream's read would not see the projection of the earlier
    // (all its appends run before any of its projections).
    const reading = member.work.appends.length === 1;
    for (const append of member.work.appends)
      stored.push(
        await esAppend(db, append, reading ? alongOf(member.work.inline, [append.streamId]) : undefined),
      );
    const last = member.work.appends.length - 1;
    await member.inContext(() =>
      collectCommitHooks(hooks, async () => {
        for (const [index, append] of member.work.appends.entries()) {
          const row = stored[index] as Stored;
          // A member with inline projectors always runs in a transaction (see `attempt`).
          if (row.fresh)
            await project(db as DatabaseTransactionConnection, member.work.inline, recordedOf(append, row), {
              lastInTransaction: lastInTransaction && index === last,
              along: row.along,
            });
        }
      }),
    );
    return stored.map(toResult);
  };

  /**
   * The single-stream members of a batch (issue 28 item 1): their appends in one statement, then the inline
   * projectors once for all they stored, their writes in one more, instead of three statements per member. A member
   * whose revision check fails is refused alone, as in `applyMember`. The projectors run in the batch's context:
   * what they hand back to commands (shared-with-members.ts) reaches each member through `shareInto`.
   */
  const applyTogether = async (
    tx: DatabaseTransactionConnection,
    members: readonly Member<Work, AppendResult[]>[],
    hooks: (() => void)[],
  ): Promise<{ outcomes: Outcome[]; shareInto: () => void }> => {
    const appends = members.map((member) => member.work.appends[0] as PreparedAppend);
    const everyInline = [...new Set(members.flatMap((member) => member.work.inline))];
    const stored = await esAppendMany(
      tx,
      appends,
      alongOf(
        everyInline,
        appends.map((append) => append.streamId),
      ),
    );
    const recorded: RecordedEvent[] = [];
    const projectors = new Set<Projector>();
    const outcomes = stored.map((row, index): Outcome => {
      if (row instanceof WrongExpectedVersionError) return row;
      if (row.fresh) {
        recorded.push(...recordedOf(appends[index] as PreparedAppend, row));
        for (const projector of (members[index] as Member<Work, AppendResult[]>).work.inline)
          projectors.add(projector);
      }
      return [toResult(row)];
    });
    const inline = options.inlineProjectors.filter((projector) => projectors.has(projector));
    const { shareInto } = await runJointly(() =>
      collectCommitHooks(hooks, () =>
        project(tx, inline, recorded, {
          lastInTransaction: true,
          along: stored.find((row): row is Stored => !(row instanceof WrongExpectedVersionError))?.along,
        }),
      ),
    );
    return { outcomes, shareInto };
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
    const shared: (() => void)[] = [];
    const outcomes = await pool.transaction(async (tx) => {
      const outcomes: Outcome[] = [];
      const singles = members.flatMap((member, index) => (member.work.appends.length === 1 ? [index] : []));
      const together = singles.length > 1;
      for (const [index, member] of members.entries()) {
        if (together && member.work.appends.length === 1) continue;
        const hooks: (() => void)[] = [];
        try {
          outcomes[index] =
            member.work.appends.length > 1
              ? await tx.transaction((savepoint) => applyMember(savepoint, member, hooks))
              : await applyMember(tx, member, hooks, { lastInTransaction: only !== undefined });
          committedHooks.push(...hooks);
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError)) throw error;
          outcomes[index] = error;
        }
      }
      if (together) {
        const applied = await applyTogether(
          tx,
          singles.map((index) => members[index] as Member<Work, AppendResult[]>),
          committedHooks,
        );
        for (const [k, index] of singles.entries()) {
          const outcome = applied.outcomes[k] as Outcome;
          outcomes[index] = outcome;
          if (!(outcome instanceof Error)) shared.push(() => members[index]?.inContext(applied.shareInto));
        }
      }
      return outcomes;
    });
    for (const hook of committedHooks) hook();
    for (const share of shared) share();
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
    let outcomes: Outcome[];
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
