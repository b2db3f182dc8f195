import { dec, type EventStore } from '@etf-replicator/core';
import {
  CORPORATE_ACTIONS_STREAM,
  PRICE_MOVE_CONFIRMED,
} from '@etf-replicator/core/market-data/corporate-action-event';
import { type PriceAlert, priceAlertsFor } from '@etf-replicator/core/market-data/price-alerts';
import type { DatabasePool } from 'slonik';
import { actionsLog, latestSnapshotPair } from './price-alert-inputs';

/** The symbols a tracking holds (shares above zero): the only ones an alert can name. */
export const heldSymbols = (
  investments: readonly { readonly symbol: string; readonly numberOfShares: string }[],
): string[] => investments.filter((line) => dec(line.numberOfShares).gt(0)).map((line) => line.symbol);

/**
 * The price alerts of a tracking of `etfSymbol` holding `held` (issue 32 item 2): its ETF's last two snapshots
 * compared with the recorded actions and the admins' confirmations (both on corporateactions-all). Both come from
 * the per-process cache (price-alert-inputs.ts), checked against the database's revisions on every call.
 */
export const priceAlertsOf = async (
  eventStore: EventStore,
  pool: DatabasePool,
  etfSymbol: string,
  held: readonly string[],
): Promise<PriceAlert[]> => {
  if (held.length === 0) return [];
  const pair = await latestSnapshotPair(eventStore, pool, etfSymbol);
  if (!pair) return [];
  const { actions, confirmed } = await actionsLog(eventStore);
  return priceAlertsFor(held, pair.previous, pair.latest, actions, confirmed);
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
