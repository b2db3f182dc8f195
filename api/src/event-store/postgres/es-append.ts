import {
  DuplicateEventIdError,
  type ExpectedRevision,
  type StreamAppend,
  streamCategory,
  WrongExpectedVersionError,
} from '@etf-replicator/core';
import { type CommonQueryMethods, type FragmentSqlToken, sql } from 'slonik';
import { z } from 'zod';

/** The calls of `es_append` (0002_notify_once_per_transaction.sql) for one stream, or several in one statement. */

export type PreparedAppend = StreamAppend & { readonly ids: readonly string[] };

export type Stored = {
  next_version: number;
  last_tx: string;
  last_position: number;
  /** True when this call stored the events; false when it answered an earlier append of the same ids. */
  fresh: boolean;
  recorded_at: Date;
  /** The value of the read sent along (`along`), undefined when none was. */
  along: unknown;
};

const appendRow = z.object({
  next_version: z.number().nullable(),
  last_tx: z.string().nullable(),
  last_position: z.number().nullable(),
  conflict: z.boolean(),
  current_version: z.number().nullable(),
  fresh: z.boolean().nullable(),
  recorded_at: z.date(),
  along: z.unknown().optional(),
});

/**
 * The statement's last column: a read evaluated beside the append (read-along.ts), with the snapshot the statement
 * started with (an uncorrelated subquery: once per statement, however many streams it appends to).
 */
const alongColumn = (along: FragmentSqlToken | undefined) =>
  along ? sql.fragment`, ${along} as along` : sql.fragment``;

export const expectedToSql = (expected: ExpectedRevision): number | null => {
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

/** A duplicate event id (P0005) as DuplicateEventIdError of the append's first event; anything else unchanged. */
const duplicateIdOr = (error: unknown, append: PreparedAppend): unknown =>
  sqlState(error) === 'P0005' ? new DuplicateEventIdError(append.streamId, append.ids[0] as string) : error;

const storedOf = (
  { streamId, expectedRevision }: PreparedAppend,
  row: z.infer<typeof appendRow>,
): Stored | WrongExpectedVersionError => {
  if (row.conflict || row.next_version === null || row.last_tx === null || row.last_position === null)
    return new WrongExpectedVersionError(streamId, expectedRevision, row.current_version ?? undefined);
  const { next_version, last_tx, last_position, recorded_at } = row;
  return { next_version, last_tx, last_position, fresh: row.fresh === true, recorded_at, along: row.along };
};

const eventArrays = (appends: readonly PreparedAppend[]) => {
  const events = appends.flatMap((append) => append.events);
  return [
    sql.array(
      appends.flatMap((append) => append.ids),
      'uuid',
    ),
    sql.array(
      events.map((event) => event.type),
      'text',
    ),
    sql.array(
      events.map((event) => JSON.stringify(event.data ?? null)),
      'jsonb',
    ),
    sql.array(
      events.map((event) => JSON.stringify(event.metadata ?? {})),
      'jsonb',
    ),
  ] as const;
};

/** One stream's `es_append`; a revision conflict is thrown as WrongExpectedVersionError (nothing was written). */
export const esAppend = async (
  db: CommonQueryMethods,
  append: PreparedAppend,
  along?: FragmentSqlToken,
): Promise<Stored> => {
  const [ids, types, data, metadata] = eventArrays([append]);
  let row: z.infer<typeof appendRow>;
  try {
    row = await db.one(sql.type(appendRow)`
      select a.*, a.last_tx = pg_current_xact_id_if_assigned() as fresh, now() as recorded_at ${alongColumn(along)}
        from es_append(
        ${append.streamId}, ${streamCategory(append.streamId)}, ${expectedToSql(append.expectedRevision)}::bigint,
        ${ids}, ${types}, ${data}, ${metadata}) a`);
  } catch (error) {
    throw duplicateIdOr(error, append);
  }
  const stored = storedOf(append, row);
  if (stored instanceof WrongExpectedVersionError) throw stored;
  return stored;
};

/**
 * Several streams' `es_append`s in ONE statement (a group commit's single-stream members, issue 28 item 1), in the
 * given order, each with its own expected-revision check: a conflict is that stream's outcome (es_append stores
 * nothing on a conflict), the others are stored. Any error (a duplicate event id) fails the statement, so the
 * caller's transaction, as one failing `esAppend` would.
 */
export const esAppendMany = async (
  db: CommonQueryMethods,
  appends: readonly PreparedAppend[],
  along?: FragmentSqlToken,
): Promise<(Stored | WrongExpectedVersionError)[]> => {
  const [ids, types, data, metadata] = eventArrays(appends);
  // Each stream's events as a 1-based slice [first:last] of the flattened arrays.
  const firsts: number[] = [];
  const lasts: number[] = [];
  for (const append of appends) {
    firsts.push((lasts.at(-1) ?? 0) + 1);
    lasts.push((lasts.at(-1) ?? 0) + append.events.length);
  }
  let rows: readonly z.infer<typeof appendRow>[];
  try {
    // A lateral call per stream, in ordinality order: each sees what the calls before it wrote (a plpgsql function
    // takes a new snapshot per statement), exactly as separate statements in one transaction would.
    rows = await db.any(sql.type(appendRow)`
      select a.*, a.last_tx = pg_current_xact_id_if_assigned() as fresh, now() as recorded_at ${alongColumn(along)}
        from unnest(
          ${sql.array(
            appends.map((append) => append.streamId),
            'text',
          )}, ${sql.array(
            appends.map((append) => streamCategory(append.streamId)),
            'text',
          )},
          ${sql.array(appends.map((append) => expectedToSql(append.expectedRevision)) as number[], 'int8')},
          ${sql.array(firsts, 'int4')}, ${sql.array(lasts, 'int4')}
        ) with ordinality as r(stream_id, category, expected, first, last, ord)
        cross join lateral es_append(r.stream_id, r.category, r.expected,
          (${ids})[r.first:r.last], (${types})[r.first:r.last], (${data})[r.first:r.last],
          (${metadata})[r.first:r.last]) a
       order by r.ord`);
  } catch (error) {
    throw duplicateIdOr(error, appends[0] as PreparedAppend);
  }
  if (rows.length !== appends.length)
    throw new Error(`es_append answered ${rows.length} of ${appends.length}`);
  return rows.map((row, index) => storedOf(appends[index] as PreparedAppend, row));
};
