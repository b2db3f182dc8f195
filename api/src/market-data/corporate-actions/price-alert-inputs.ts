import { dec, type EventStore } from '@etf-replicator/core';
import {
  CORPORATE_ACTION_RECORDED,
  CORPORATE_ACTIONS_STREAM,
  corporateActionRecordedSchema,
  PRICE_MOVE_CONFIRMED,
  priceMoveConfirmedSchema,
} from '@etf-replicator/core/market-data/corporate-action-event';
import type { ExplainingAction, PricedSnapshot } from '@etf-replicator/core/market-data/price-alerts';
import {
  ETF_SNAPSHOT_PUBLISHED,
  type EtfSnapshotPublished,
  etfSnapshotPublishedSchema,
  etfStreamId,
} from '@etf-replicator/core/market-data/snapshot-event';
import { type DatabasePool, sql } from 'slonik';
import { z } from 'zod';
import { type CoalescedLookup, coalesceLookups, lookupPerOwner } from '../../infrastructure/coalesced-lookup';

/*
 * What price alerts need (issue 32 item 2), kept per process so that a served detail does not read two snapshots of
 * over a megabyte each. Every use checks the cache against the database, in one statement (alertRevisions): the ETFs'
 * two latest etf_snapshots revisions and the corporate-actions stream's version; the stream is read from the revision
 * after the cached one only when an action or a confirmation was recorded since (by this process or another). Where
 * the log is not in this database, the stream's tail is read on every use, as before. Nothing is stored: a new
 * process rebuilds the same inputs.
 */

export type SnapshotPair = { readonly previous: PricedSnapshot; readonly latest: PricedSnapshot };

export type ActionsLog = {
  /** The corporate-actions stream's revision this state includes (−1: none yet). */
  readonly revision: number;
  readonly actions: readonly ExplainingAction[];
  /** "SYMBOL@YYYY-MM-DD" of each admin confirmation. */
  readonly confirmed: ReadonlySet<string>;
};

const priced = (snapshot: EtfSnapshotPublished): PricedSnapshot => ({
  date: snapshot.asOf.pricesTo ?? snapshot.asOf.holdings ?? '',
  prices: new Map(
    snapshot.holdings.flatMap((holding) =>
      holding.price && holding.isAvailable
        ? [
            [
              holding.symbol,
              { price: dec(holding.price), asOf: holding.priceAsOf ?? snapshot.asOf.pricesTo ?? '' },
            ],
          ]
        : [],
    ),
  ),
});

type CachedPair = { readonly key: string; readonly pair: Promise<SnapshotPair | null> };
const pairCaches = new WeakMap<EventStore, Map<string, CachedPair>>();
const logCaches = new WeakMap<EventStore, ActionsLog>();

const readPair = async (
  eventStore: EventStore,
  etfSymbol: string,
  [latestRevision, fromRevision]: readonly [number, number],
): Promise<SnapshotPair | null> => {
  // Up to the latest revision the index named: the cache key then describes exactly what was read.
  const maxCount = latestRevision - fromRevision + 1;
  const [previous, latest] = (await eventStore.readStream(etfStreamId(etfSymbol), { fromRevision, maxCount }))
    .filter((event) => event.type === ETF_SNAPSHOT_PUBLISHED)
    .slice(-2)
    .map((event) => priced(etfSnapshotPublishedSchema.parse(event.data)));
  return previous && latest ? { previous, latest } : null;
};

export type AlertRevisions = {
  /** Each ETF's two latest etf_snapshots revisions, newest first. */
  readonly snapshots: ReadonlyMap<string, readonly number[]>;
  /**
   * The corporate-actions stream's version (−1: no stream yet) when the log lives in this database (es_streams), read
   * in the same statement; undefined elsewhere (KurrentDB, the in-memory store): then the stream's tail is read.
   */
  readonly actions: number | undefined;
};

// Built once: this runs on every command, and building a zod schema costs more than running it.
const revisionsRow = z.object({
  actions_version: z.number().nullable(),
  snapshots: z.array(z.tuple([z.string(), z.number()])),
});

/** The log's tables are beside the read models (open-event-store.ts) unless it is KurrentDB or in memory. */
const logInThisDatabase = (eventStore: EventStore) =>
  eventStore.kind === 'postgres' || eventStore.kind === 'pglite';

/**
 * What the cached inputs are checked against, in ONE statement (issue 28: it was one per ETF, plus a read of the
 * corporate-actions stream's tail on every call): the ETFs' latest snapshot revisions and the stream's version.
 */
export const alertRevisions = async (
  eventStore: EventStore,
  pool: DatabasePool,
  etfSymbols: readonly string[],
): Promise<AlertRevisions> => {
  const here = logInThisDatabase(eventStore);
  const actionsVersion = here
    ? sql.fragment`(select version from es_streams where stream_id = ${CORPORATE_ACTIONS_STREAM})`
    : sql.fragment`null::bigint`;
  const row = await pool.one(sql.type(revisionsRow)`
    select ${actionsVersion} as actions_version,
      coalesce((select jsonb_agg(jsonb_build_array(e.symbol, s.stream_revision) order by e.ord, s.stream_revision desc)
                  from unnest(${sql.array(
                    etfSymbols.map((symbol) => symbol.toUpperCase()),
                    'text',
                  )}) with ordinality as e(symbol, ord)
                  cross join lateral (
                    select stream_revision from etf_snapshots where etf_symbol = e.symbol
                     order by stream_revision desc limit 2) s), '[]'::jsonb) as snapshots`);
  const snapshots = new Map<string, number[]>();
  for (const [symbol, revision] of row.snapshots)
    snapshots.set(symbol, [...(snapshots.get(symbol) ?? []), revision]);
  return { snapshots, actions: here ? (row.actions_version ?? -1) : undefined };
};

const etfList = z.array(z.string());

/**
 * alertRevisions for the lists of ETFs asked together (every command's answer asks one): ONE statement for the
 * union of their ETFs, each list then given its ETFs in its own order; as fresh as a statement of its own
 * (coalesced-lookup.ts). Keyed by the upper-cased list, as the statement reads it.
 */
const revisionsLookup = (eventStore: EventStore): ((pool: DatabasePool) => CoalescedLookup<AlertRevisions>) =>
  lookupPerOwner((pool: DatabasePool) =>
    coalesceLookups(async (keys) => {
      const lists = keys.map((key) => etfList.parse(JSON.parse(key)));
      const all = await alertRevisions(eventStore, pool, [...new Set(lists.flat())]);
      return new Map(
        keys.map((key, index) => {
          const snapshots = new Map<string, number[]>();
          for (const symbol of lists[index] ?? []) {
            const revisions = all.snapshots.get(symbol);
            if (revisions) snapshots.set(symbol, [...(snapshots.get(symbol) ?? []), ...revisions]);
          }
          return [key, { snapshots, actions: all.actions }];
        }),
      );
    }),
  );
const revisionsLookups = lookupPerOwner(revisionsLookup);

/** alertRevisions, read together with the other requests' (see revisionsLookup): the same answer. */
export const coalescedAlertRevisions = async (
  eventStore: EventStore,
  pool: DatabasePool,
  etfSymbols: readonly string[],
): Promise<AlertRevisions> => {
  const key = JSON.stringify(etfSymbols.map((symbol) => symbol.toUpperCase()));
  const revisions = await revisionsLookups(eventStore)(pool)(key);
  if (!revisions) throw new Error('alert revisions: the batch left out a key it was asked');
  return revisions;
};

/**
 * The prices of the ETF's two latest snapshots (their revisions from alertRevisions), or null before its second
 * one; read once per pair of revisions.
 */
export const latestSnapshotPair = async (
  eventStore: EventStore,
  etfSymbol: string,
  revisions: readonly number[],
): Promise<SnapshotPair | null> => {
  const symbol = etfSymbol.toUpperCase();
  const [latest, from] = revisions;
  if (latest === undefined || from === undefined) return null;
  let cache = pairCaches.get(eventStore);
  if (!cache) {
    cache = new Map();
    pairCaches.set(eventStore, cache);
  }
  const key = revisions.join(':');
  const cached = cache.get(symbol);
  if (cached?.key === key) return cached.pair;
  const pair = readPair(eventStore, symbol, [latest, from]);
  cache.set(symbol, { key, pair });
  // A failed read is not kept: the next request tries again.
  pair.catch(() => {
    if (cache.get(symbol)?.pair === pair) cache.delete(symbol);
  });
  return pair;
};

/**
 * The recorded actions and confirmations, brought up to date by reading only the events after the cached ones; not
 * read at all when the stream's version (`known`, from alertRevisions) says the cache already holds every event.
 */
export const actionsLog = async (eventStore: EventStore, known?: number): Promise<ActionsLog> => {
  const cached = logCaches.get(eventStore) ?? { revision: -1, actions: [], confirmed: new Set<string>() };
  if (known !== undefined && cached.revision >= known) return cached;
  const events = await eventStore.readStream(CORPORATE_ACTIONS_STREAM, { fromRevision: cached.revision + 1 });
  const last = events.at(-1);
  if (!last) return cached;
  const actions = [...cached.actions];
  const confirmed = new Set(cached.confirmed);
  for (const event of events) {
    if (event.type === CORPORATE_ACTION_RECORDED) {
      const { symbol, toSymbol, effectiveOn } = corporateActionRecordedSchema.parse(event.data);
      actions.push({ symbol, toSymbol, effectiveOn });
    }
    if (event.type === PRICE_MOVE_CONFIRMED) {
      const confirmation = priceMoveConfirmedSchema.parse(event.data);
      confirmed.add(`${confirmation.symbol}@${confirmation.snapshotDate}`);
    }
  }
  const next = { revision: last.streamRevision, actions, confirmed };
  // Concurrent reads may finish out of order: the cache only moves forward.
  if ((logCaches.get(eventStore)?.revision ?? -1) < next.revision) logCaches.set(eventStore, next);
  return next;
};
