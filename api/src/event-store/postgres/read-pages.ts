import type { EventFilter, Position, ReadAllOptions, ReadAllResult } from '@etf-replicator/core';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { type EventRow, eventColumns, eventRow, toRecorded } from './event-rows';
import { comparePgPositions, formatPgPosition, parsePgPosition } from './position';

export const filterSql = (filter: EventFilter | undefined) => {
  const types = filter?.eventTypes?.length ? sql.array([...filter.eventTypes], 'text') : null;
  const categories = filter?.categories?.length ? sql.array([...filter.categories], 'text') : null;
  return sql.fragment`(${types}::text[] is null or e.event_type = any(${types}::text[]))
    and (${categories}::text[] is null or e.category = any(${categories}::text[]))`;
};

const checkMaxCount = (maxCount: number) => {
  if (!Number.isSafeInteger(maxCount) || maxCount < 1)
    throw new RangeError('maxCount must be a positive integer');
};

const fromOf = (after: Position | undefined) => (after ? parsePgPosition(after) : { tx: 0n, gp: 0n });

/** A reader's page from its rows and the head row of the same statement (one snapshot). */
const pageOf = (
  { after, maxCount }: ReadAllOptions,
  rows: readonly EventRow[],
  head: EventRow | undefined,
): ReadAllResult => {
  const events = rows.map(toRecorded);
  const last = events.at(-1)?.globalPosition;
  // A short page means every readable event up to the head was examined, even those the filter dropped.
  const headPosition =
    head && events.length < maxCount ? formatPgPosition(head.tx, head.global_position) : undefined;
  let position: Position | undefined = after;
  for (const candidate of [last, headPosition]) {
    if (candidate && (!position || comparePgPositions(candidate, position) > 0)) position = candidate;
  }
  return { events, position };
};

/** The readable head (below the snapshot's xmin), as the last row of a page query. */
const headSql = sql.fragment`
  head as (
    select e.transaction_id, e.global_position from es_events e, snap
     where e.transaction_id < snap.xmin
     order by e.transaction_id desc, e.global_position desc
     limit 1)`;

/** One reader's page: events after its position below the snapshot's xmin, so a late commit is never skipped. */
export const readPage = async (
  db: CommonQueryMethods,
  options: ReadAllOptions,
  { naive = false }: { naive?: boolean } = {},
): Promise<ReadAllResult> => {
  const { after, maxCount, filter } = options;
  checkMaxCount(maxCount);
  const from = fromOf(after);
  const rows = naive
    ? await db.any(sql.type(eventRow)`
        select 'event' as kind, ${eventColumns} from es_events e
         where e.global_position > ${from.gp.toString()}::bigint and ${filterSql(filter)}
         order by e.global_position limit ${maxCount}`)
    : await db.any(sql.type(eventRow)`
        with snap as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin),
        page as (
          select ${eventColumns} from es_events e, snap
           where (e.transaction_id, e.global_position) > (${from.tx.toString()}::xid8, ${from.gp.toString()}::bigint)
             and e.transaction_id < snap.xmin
             and ${filterSql(filter)}
           order by e.transaction_id, e.global_position
           limit ${maxCount}),
        ${headSql}
        select 'event' as kind, page.* from page
        union all
        select 'head', null, null, null, null, null, null, head.transaction_id::text, head.global_position, null
          from head`);
  return pageOf(
    options,
    rows.filter((row) => row.kind === 'event'),
    rows.find((row) => row.kind === 'head'),
  );
};

const pagesRow = eventRow.extend({ reader: z.number().nullable() });

/**
 * Several readers' pages in ONE statement (one snapshot): what each would have read on its own at that moment.
 * Filters travel as jsonb arrays (`?` tests membership), since text[] parameters cannot nest.
 */
export const readPages = async (
  db: CommonQueryMethods,
  requests: readonly ReadAllOptions[],
): Promise<ReadAllResult[]> => {
  for (const { maxCount } of requests) checkMaxCount(maxCount);
  const froms = requests.map((request) => fromOf(request.after));
  const list = (values: readonly string[] | undefined) =>
    values?.length ? JSON.stringify(values) : (null as unknown as string);
  const rows = await db.any(sql.type(pagesRow)`
    with snap as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin),
    reader as (
      select * from unnest(
        ${sql.array(
          froms.map((from) => from.tx.toString()),
          'xid8',
        )}, ${sql.array(
          froms.map((from) => from.gp.toString()),
          'int8',
        )},
        ${sql.array(
          requests.map((request) => request.maxCount),
          'int4',
        )},
        ${sql.array(
          requests.map((request) => list(request.filter?.eventTypes)),
          'jsonb',
        )},
        ${sql.array(
          requests.map((request) => list(request.filter?.categories)),
          'jsonb',
        )}
      ) with ordinality as r(tx, gp, max_count, types, categories, ord)),
    page as (
      select r.ord, p.* from reader r cross join lateral (
        select ${eventColumns} from es_events e, snap
         where (e.transaction_id, e.global_position) > (r.tx, r.gp)
           and e.transaction_id < snap.xmin
           and (r.types is null or r.types ? e.event_type)
           and (r.categories is null or r.categories ? e.category)
         order by e.transaction_id, e.global_position
         limit r.max_count) p),
    ${headSql}
    select * from (
      select 'event' as kind, page.ord::int4 as reader, page.event_id, page.event_type, page.data, page.metadata,
             page.stream_id, page.stream_position, page.tx, page.global_position, page.created_at from page
      union all
      select 'head', null, null, null, null, null, null, null, head.transaction_id::text, head.global_position,
             null from head) rows
     order by rows.reader, rows.tx::xid8, rows.global_position`);
  const head = rows.find((row) => row.kind === 'head');
  return requests.map((request, index) =>
    pageOf(
      request,
      rows.filter((row) => row.kind === 'event' && row.reader === index + 1),
      head,
    ),
  );
};

/**
 * The subscribers' reads, coalesced: reads asked for in the same turn of the event loop (every poller a notification
 * woke) go to the database as one statement. A lone read is the single-reader statement, as before.
 */
export const createCoalescedReader = (
  read: (options: ReadAllOptions) => Promise<ReadAllResult>,
  readMany: (requests: readonly ReadAllOptions[]) => Promise<ReadAllResult[]>,
) => {
  type Waiting = {
    readonly options: ReadAllOptions;
    readonly resolve: (page: ReadAllResult) => void;
    readonly reject: (error: unknown) => void;
  };
  let waiting: Waiting[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      read(only.options).then(only.resolve, only.reject);
      return;
    }
    readMany(batch.map((entry) => entry.options)).then(
      (pages) => {
        for (const [index, entry] of batch.entries()) entry.resolve(pages[index] as ReadAllResult);
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  };
  return (options: ReadAllOptions): Promise<ReadAllResult> =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ options, resolve, reject });
    });
};
