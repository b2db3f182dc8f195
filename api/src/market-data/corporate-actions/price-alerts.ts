import { dec, type EventStore } from '@etf-replicator/core';
import {
  CORPORATE_ACTION_RECORDED,
  CORPORATE_ACTIONS_STREAM,
  corporateActionRecordedSchema,
  PRICE_MOVE_CONFIRMED,
  priceMoveConfirmedSchema,
} from '@etf-replicator/core/market-data/corporate-action-event';
import {
  type PriceAlert,
  type PricedSnapshot,
  priceAlertsFor,
} from '@etf-replicator/core/market-data/price-alerts';
import {
  ETF_SNAPSHOT_PUBLISHED,
  type EtfSnapshotPublished,
  etfSnapshotPublishedSchema,
  etfStreamId,
} from '@etf-replicator/core/market-data/snapshot-event';
import { type DatabasePool, sql } from 'slonik';
import { z } from 'zod';

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

/**
 * The price alerts of a tracking of `etfSymbol` holding `held` (issue 32 item 2): its ETF's last two snapshots
 * compared with the recorded actions and the admins' confirmations (both on corporateactions-all).
 */
export const priceAlertsOf = async (
  eventStore: EventStore,
  pool: DatabasePool,
  etfSymbol: string,
  held: readonly string[],
): Promise<PriceAlert[]> => {
  if (held.length === 0) return [];
  // Only the last two snapshots are read (one is over a megabyte), found through the etf_snapshots index.
  const revisions = await pool.anyFirst(sql.type(z.object({ stream_revision: z.number() }))`
    select stream_revision from etf_snapshots where etf_symbol = ${etfSymbol.toUpperCase()}
     order by stream_revision desc limit 2`);
  const from = revisions.at(-1);
  if (from === undefined || revisions.length < 2) return [];
  const snapshots = (await eventStore.readStream(etfStreamId(etfSymbol), { fromRevision: from }))
    .filter((event) => event.type === ETF_SNAPSHOT_PUBLISHED)
    .slice(-2)
    .map((event) => etfSnapshotPublishedSchema.parse(event.data));
  const [previous, latest] = snapshots;
  if (!previous || !latest) return [];
  const log = await eventStore.readStream(CORPORATE_ACTIONS_STREAM);
  const actions = log
    .filter((event) => event.type === CORPORATE_ACTION_RECORDED)
    .map((event) => corporateActionRecordedSchema.parse(event.data));
  const confirmed = new Set(
    log
      .filter((event) => event.type === PRICE_MOVE_CONFIRMED)
      .map((event) => priceMoveConfirmedSchema.parse(event.data))
      .map((c) => `${c.symbol}@${c.snapshotDate}`),
  );
  return priceAlertsFor(held, priced(previous), priced(latest), actions, confirmed);
};

/** Records an admin's confirmation that a flagged move is real (idempotent per symbol and snapshot date). */
export const confirmPriceMove = async (
  eventStore: EventStore,
  { symbol, snapshotDate }: { symbol: string; snapshotDate: string },
  actorUserId: string,
): Promise<void> => {
  await eventStore.appendToStream(
    CORPORATE_ACTIONS_STREAM,
    [
      {
        type: PRICE_MOVE_CONFIRMED,
        data: { symbol, snapshotDate, confirmedAt: new Date().toISOString() },
        metadata: { schemaVersion: 1, actorUserId },
      },
    ],
    { expectedRevision: 'any' },
  );
};
