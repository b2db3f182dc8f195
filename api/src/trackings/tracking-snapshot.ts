import { type EtfHoldingRef, indexLabel, type PlanClaim, type TrackingData } from '@etf-replicator/core';
import { snapshotForTracking } from '@etf-replicator/projections/trackings/index-snapshot';
import type { TrackingSnapshot } from '@etf-replicator/projections/trackings/tracking-view-types';
import type { CommonQueryMethods } from 'slonik';
import { HttpError } from '../http/http-error';
import { indexSnapshots } from './index-market';
import { requireReplicableSnapshot, weightingsCapOf } from './market-context';

type IndexedTracking = Pick<TrackingData, 'symbol' | 'index'>;

const isEtf = (tracking: IndexedTracking) => !tracking.index || tracking.index.type === 'etf';

/**
 * The snapshot the tracking's OWN index is derived against (issue 30): its ETF's latest, or for a blend or a custom
 * list the one built from its members' (never the first ETF's alone), with each holding's industry. An ETF without
 * holdings answers as before (404/422); an index whose members have none, 422.
 */
export const requireTrackingSnapshot = async (
  db: CommonQueryMethods,
  tracking: IndexedTracking,
): Promise<TrackingSnapshot> => {
  if (isEtf(tracking)) await requireReplicableSnapshot(db, tracking.symbol);
  const snapshot = snapshotForTracking(tracking, await indexSnapshots(db, tracking));
  if (!snapshot || snapshot.holdings.length === 0) {
    const label = tracking.index ? indexLabel(tracking.index) : tracking.symbol;
    throw new HttpError(422, `The holdings of ${label} are not available, so it cannot be replicated yet`);
  }
  return snapshot;
};

/** The plan's weightings cap for the tracking's own index; undefined when it has no snapshot (nothing to cap). */
export const trackingWeightingsCap = async (
  db: CommonQueryMethods,
  plan: PlanClaim,
  tracking: IndexedTracking,
): Promise<number | undefined> => {
  const snapshot = snapshotForTracking(tracking, await indexSnapshots(db, tracking));
  return snapshot && snapshot.holdings.length > 0 ? weightingsCapOf(plan, snapshot.holdings) : undefined;
};

/** The index's holdings as the exclusion rules need them. */
export const holdingRefs = (snapshot: TrackingSnapshot): EtfHoldingRef[] =>
  snapshot.holdings.map((holding) => ({
    symbol: holding.symbol,
    sector: holding.sector ?? null,
    industry: holding.industry ?? null,
    priced: holding.price != null && Number(holding.price) > 0,
  }));
