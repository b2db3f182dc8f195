import type { HoldingInput } from '@etf-replicator/core';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';

/** The ETF snapshot a tracking is measured against: holdings with weights and prices (decimal strings). */
export type TrackingSnapshot = {
  readonly symbol: string;
  readonly eventId: string | null;
  readonly asOf: string | null;
  /** The fund's name (absent in snapshots stored before issue 15's migration 0080 and in replays of one stream). */
  readonly name?: string | null;
  /** `priceAsOf`: the date of the holding's close (absent in snapshots stored before issue 15). */
  readonly holdings: readonly (HoldingInput & { readonly priceAsOf?: string | null })[];
};

/** Oldest and newest close date among the snapshot's priced holdings (issue 15: not the holdings date). */
export const snapshotPricesAsOf = (snapshot: TrackingSnapshot | undefined) => {
  const dates = (snapshot?.holdings ?? [])
    .filter((holding) => holding.price != null && holding.priceAsOf)
    .map((holding) => holding.priceAsOf as string)
    .sort();
  const [from, to] = [dates[0], dates.at(-1)];
  return from && to ? { from, to } : null;
};

export type TrackingView = Omit<TrackingDetail, 'updatedAt'>;

/** The share increment of a tracking with fractional shares on. */
export const FRACTIONAL_INCREMENT = '0.01';
