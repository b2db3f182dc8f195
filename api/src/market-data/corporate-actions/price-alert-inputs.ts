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

/*
 * What price alerts need (issue 32 item 2), kept per process so that a served detail does not read two snapshots of
 * over a megabyte each. Every use checks the cache against the database: the ETF's two latest etf_snapshots revisions
 * (one indexed query) and the corporate-actions stream read from the revision after the cached one (nothing comes
 * back unless an action or a confirmation was recorded, by this process or another). Nothing is stored: a new
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

// Built once: this runs on every command, and building a zod schema costs more than running it.
const revisionRow = z.object({ stream_revision: z.number() });

/** The prices of the ETF's two latest snapshots, or null before its second one; read once per pair of revisions. */
export const latestSnapshotPair = async (
  eventStore: EventStore,
  pool: DatabasePool,
  etfSymbol: string,
): Promise<SnapshotPair | null> => {
  const symbol = etfSymbol.toUpperCase();
  const revisions = await pool.anyFirst(sql.type(revisionRow)`
    select stream_revision from etf_snapshots where etf_symbol = ${symbol}
     order by stream_revision desc limit 2`);
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

/** The recorded actions and confirmations, brought up to date by reading only the events after the cached ones. */
export const actionsLog = async (eventStore: EventStore): Promise<ActionsLog> => {
  const cached = logCaches.get(eventStore) ?? { revision: -1, actions: [], confirmed: new Set<string>() };
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
