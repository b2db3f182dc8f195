import { dec, type EventStore, type TrackingData } from '@etf-replicator/core';
import {
  CORPORATE_ACTIONS_STREAM,
  PRICE_MOVE_CONFIRMED,
} from '@etf-replicator/core/market-data/corporate-action-event';
import { type PriceAlert, priceAlertsFor } from '@etf-replicator/core/market-data/price-alerts';
import { snapshotsNeeded } from '@etf-replicator/projections/trackings/index-snapshot';
import { snapshotSymbols } from '@etf-replicator/projections/trackings/sources';
import type { DatabasePool } from 'slonik';
import { actionsLog, coalescedAlertRevisions, latestSnapshotPair } from './price-alert-inputs';

/** The symbols a tracking holds (shares above zero): the only ones an alert can name. */
export const heldSymbols = (
  investments: readonly { readonly symbol: string; readonly numberOfShares: string }[],
): string[] => investments.filter((line) => dec(line.numberOfShares).gt(0)).map((line) => line.symbol);

/** What a tracking replicates: its ETF, or (issue 30) a blend or a custom list whose ETFs' snapshots price it. */
export type AlertSource = Pick<TrackingData, 'symbol'> & { readonly index?: TrackingData['index'] | null };

/**
 * The price alerts of a tracking holding `held` (issue 32 item 2): the last two snapshots of each ETF its index reads
 * (its own ETF; a blend's parts; every ETF for a custom list) compared with the recorded actions and the admins'
 * confirmations (both on corporateactions-all), one alert per symbol (the first ETF by symbol that flags it). Both
 * come from the per-process cache (price-alert-inputs.ts), checked against the database's revisions on every call.
 */
export const priceAlertsOf = async (
  eventStore: EventStore,
  pool: DatabasePool,
  source: AlertSource,
  held: readonly string[],
): Promise<PriceAlert[]> => {
  if (held.length === 0) return [];
  const needed = snapshotsNeeded({ symbol: source.symbol, index: source.index ?? undefined });
  const etfs = needed === 'all' ? await snapshotSymbols(pool) : [...needed].sort();
  const revisions = await coalescedAlertRevisions(eventStore, pool, etfs);
  const { actions, confirmed } = await actionsLog(eventStore, revisions.actions);
  const alerts = new Map<string, PriceAlert>();
  for (const etf of etfs) {
    const pair = await latestSnapshotPair(eventStore, etf, revisions.snapshots.get(etf.toUpperCase()) ?? []);
    if (!pair) continue;
    for (const alert of priceAlertsFor(held, pair.previous, pair.latest, actions, confirmed))
      if (!alerts.has(alert.symbol)) alerts.set(alert.symbol, alert);
  }
  return [...alerts.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
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
