import type { EventFilter, EventStore, Position, RecordedEvent } from '@etf-replicator/core';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import { z } from 'zod';
import type { Database } from '../db/database';
import { lockCheckpoint, writeCheckpoint } from '../runner/checkpoints';
import { withDeferredWrites } from '../runner/deferred-writes';
import {
  applyEvents,
  INLINE_CHECKPOINT,
  needsSettling,
  type Projector,
  projectorVersion,
  type SettleTransaction,
} from '../runner/projector';
import { keepStorageParameters } from './keep-storage-parameters';
import { pipelinedPages } from './pipelined-pages';

/**
 * Reads, on the given connection, every committed event after `after` (no snapshot bound): what an inline projection
 * has applied but a snapshot-bounded reader may not show yet. Given by the PostgreSQL event store.
 */
export type ReadCommittedTail = (
  tx: DatabaseTransactionConnection,
  after: Position | undefined,
  filter: EventFilter | undefined,
) => Promise<readonly RecordedEvent[]>;

export type RebuildProgress = {
  readonly projection: string;
  readonly applied: number;
  /** Events the replay will apply, when the store can count them. */
  readonly total: number | undefined;
  readonly elapsedMs: number;
};

export type RebuildResult = {
  readonly projection: string;
  readonly applied: number;
  readonly elapsedMs: number;
  readonly eventsPerSecond: number;
  readonly position: Position | undefined;
};

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

const filterOf = (projector: Projector): EventFilter | undefined =>
  projector.eventTypes === 'all' ? undefined : { eventTypes: projector.eventTypes };

const applyInto = async (
  tx: DatabaseTransactionConnection,
  schema: string,
  projector: Projector,
  events: readonly RecordedEvent[],
  /** A pipelined page: its writes are deferred into one statement, held back until this resolves. */
  beforeSend?: () => Promise<void>,
) => {
  // Unqualified table names in the projector now resolve to the fresh copies first.
  await tx.query(sql.unsafe`select set_config('search_path', ${`${schema}, public`}, true)`);
  if (beforeSend) await withDeferredWrites(tx, () => applyEvents(tx, projector, events), { beforeSend });
  else await applyEvents(tx, projector, events);
  await tx.query(sql.unsafe`select set_config('search_path', 'public', true)`);
};

const indexRow = z.object({ indexname: z.string(), indexdef: z.string() });

/** An index definition without its name and table: what makes a copy's index "the same" as the original's. */
const indexShape = (definition: string) =>
  definition.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+ /, 'CREATE $1INDEX ON t ');

/**
 * `LIKE … INCLUDING ALL` names the copied indexes (and the constraints they back) by PostgreSQL's defaults, not as
 * the originals were named; a later migration that names an index would then fail only on rebuilt databases. The
 * copies are renamed to the originals' names (index names are per schema, so there is no clash before the swap).
 */
const keepIndexNames = async (db: Database, schema: string, table: string) => {
  const indexesOf = (schemaName: string) =>
    db.pool.any(sql.type(indexRow)`
      select indexname, indexdef from pg_indexes where schemaname = ${schemaName} and tablename = ${table}
      order by indexname`);
  const copies = [...(await indexesOf(schema))];
  for (const original of await indexesOf('public')) {
    const at = copies.findIndex((copy) => indexShape(copy.indexdef) === indexShape(original.indexdef));
    const [copy] = at >= 0 ? copies.splice(at, 1) : [];
    if (!copy)
      throw new Error(
        `Cannot rebuild ${table}: its index ${original.indexname} has no copy in the fresh table`,
      );
    if (copy.indexname !== original.indexname)
      await db.pool.query(
        sql.unsafe`alter index ${sql.identifier([schema, copy.indexname])} rename to ${sql.identifier([original.indexname])}`,
      );
  }
};

/**
 * Replays the whole log into fresh copies of the projector's tables in a scratch schema while the live tables keep
 * serving, then swaps them in within one transaction. The swap locks the projection's checkpoint row (live batches
 * of this projection wait for it), replaces the tables and sets the checkpoint to where the replay got; the live
 * runner then skips what the replay applied and carries on from there, so nothing is applied twice or missed.
 */
export const rebuildProjection = async ({
  db,
  eventStore,
  projector,
  // 5,000: a page derives each tracking it touches once, and a log of many trackings in parallel touches them all
  // in every page (bench:rebuild --batch-size on bench:api's log, issue 28: trackings 17.7-19.4k -> 22.8-23.8k
  // events/s, history 35-46k -> 44-50k on the server; PGlite and the synthetic log no slower).
  batchSize = 5000,
  onProgress,
  readCommittedTail,
}: {
  db: Database;
  eventStore: EventStore;
  projector: Projector;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Needed to rebuild a projection that is applied inline (its live tables move with every append). */
  readCommittedTail?: ReadCommittedTail;
}): Promise<RebuildResult> => {
  const schema = `rebuild_${projector.name.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
  for (const name of [schema, ...projector.tables]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Cannot rebuild: "${name}" is not a plain SQL identifier`);
  }
  const filter = filterOf(projector);
  const started = performance.now();
  const total = await eventStore.countEvents?.(filter);

  await db.pool.query(sql.unsafe`drop schema if exists ${sql.identifier([schema])} cascade`);
  await db.pool.query(sql.unsafe`create schema ${sql.identifier([schema])}`);
  for (const table of projector.tables) {
    await db.pool.query(
      sql.unsafe`create table ${sql.identifier([schema, table])} (like ${sql.identifier(['public', table])} including all)`,
    );
    await keepIndexNames(db, schema, table);
    await keepStorageParameters(db, schema, table);
  }

  let position: Position | undefined;
  let applied = 0;
  const read = (after: Position | undefined) =>
    eventStore.readAll({
      maxCount: batchSize,
      ...(after ? { after } : {}),
      ...(filter ? { filter } : {}),
    });
  // On a PostgreSQL server the next page is read while this one is applied (the log's reads do not depend on the
  // scratch tables), on another connection: the server reads while this process folds. PGlite's single connection
  // would only take the two in turn; it would also take pipelined pages in turn.
  const prefetch = db.kind === 'postgres';
  const pipelined = prefetch ? projector.pipelinedRebuild : undefined;
  const catchUpPages = async () => {
    const pages = pipelined
      ? pipelinedPages(
          (events, beforeSend) =>
            db.pool.transaction((tx) => applyInto(tx, schema, projector, events, beforeSend)),
          pipelined.overlaps,
        )
      : undefined;
    const committed = (count: number, at: Position | undefined) => () => {
      applied += count;
      position = at ?? position;
      onProgress?.({ projection: projector.name, applied, total, elapsedMs: performance.now() - started });
    };
    let next = read(position);
    let readFrom = position;
    for (;;) {
      const page = await next;
      const full = page.events.length === batchSize;
      const pageEnd = page.position ?? readFrom;
      if (full && prefetch) next = read(pageEnd);
      try {
        const done = committed(page.events.length, page.position);
        if (pages) {
          if (page.events.length > 0) await pages.add(page.events, done);
          if (!full) await pages.drain();
        } else if (page.events.length > 0) {
          await db.pool.transaction((tx) => applyInto(tx, schema, projector, page.events));
          done();
        }
      } catch (error) {
        next.catch(() => undefined); // the replay stops here: the read ahead is not needed
        throw error;
      }
      readFrom = pageEnd;
      if (full && !prefetch) next = read(readFrom);
      if (!full) return;
    }
  };
  // Pages in turn (PGlite) fold into the carried rows too: no page reads back and decodes what the last one wrote.
  const carry = projector.pipelinedRebuild?.scope;
  const catchUp = () => (carry ? carry(catchUpPages) : catchUpPages());

  // Deferred work (settle) against the fresh tables: the swap must bring in a finished read model.
  const inScratch =
    (tx?: DatabaseTransactionConnection): SettleTransaction =>
    (work) => {
      const run = async (connection: DatabaseTransactionConnection) => {
        await connection.query(sql.unsafe`select set_config('search_path', ${`${schema}, public`}, true)`);
        const result = await work(connection);
        await connection.query(sql.unsafe`select set_config('search_path', 'public', true)`);
        return result;
      };
      return tx ? run(tx) : db.pool.transaction(run);
    };

  try {
    await catchUp();
    await projector.settle?.run(inScratch());
    // The swap reads nothing from the log (on PGlite the log shares the single connection the transaction holds):
    // if the live runner got past the replay meanwhile, catch up once more and try again.
    for (let attempt = 0; ; attempt++) {
      const swapped = await db.pool.transaction(async (tx) => {
        const live = await lockCheckpoint(tx, projector.name);
        if (live === INLINE_CHECKPOINT) {
          // Inline appends write the live tables in their own transactions. Holding their write lock, every one of
          // them that wrote has committed and no new one can: apply what committed after the replay, then swap.
          if (!readCommittedTail)
            throw new Error(
              `${projector.name} is applied inline: its rebuild needs the log's committed tail`,
            );
          for (const table of projector.tables)
            await tx.query(sql.unsafe`lock table ${sql.identifier(['public', table])} in exclusive mode`);
          const tail = await readCommittedTail(tx, position, filter);
          if (tail.length > 0) await applyInto(tx, schema, projector, tail);
          if (needsSettling(projector, tail)) await projector.settle?.run(inScratch(tx));
          applied += tail.length;
          position = tail.at(-1)?.globalPosition ?? position;
        } else if (live && (!position || eventStore.comparePositions(live, position) > 0)) return false;
        for (const table of projector.tables) {
          await tx.query(sql.unsafe`drop table ${sql.identifier(['public', table])}`);
          await tx.query(sql.unsafe`alter table ${sql.identifier([schema, table])} set schema public`);
        }
        if (position && live !== INLINE_CHECKPOINT) await writeCheckpoint(tx, projector.name, position);
        // The tables now hold what this code's projector writes.
        await tx.query(sql.unsafe`
          update projection_checkpoints set version = ${projectorVersion(projector)}
          where projection = ${projector.name}`);
        // The replay applied every event, parked ones included: nothing is parked for this projection any more.
        await tx.query(sql.unsafe`delete from projection_failures where projector = ${projector.name}`);
        await tx.query(sql.unsafe`drop schema ${sql.identifier([schema])} cascade`);
        return true;
      });
      if (swapped) break;
      if (attempt >= 20)
        throw new Error(`Rebuild of ${projector.name} could not catch up with the live projection`);
      await catchUp();
      await projector.settle?.run(inScratch());
    }
  } catch (error) {
    await db.pool
      .query(sql.unsafe`drop schema if exists ${sql.identifier([schema])} cascade`)
      .catch(() => undefined);
    throw error;
  }

  const elapsedMs = performance.now() - started;
  return {
    projection: projector.name,
    applied,
    elapsedMs,
    eventsPerSecond: Math.round(applied / Math.max(elapsedMs / 1000, 0.001)),
    position,
  };
};
