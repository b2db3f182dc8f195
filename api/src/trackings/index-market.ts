import {
  checkIndexForPlan,
  type IndexDefinition,
  type IndexDefinitionInput,
  indexFields,
  type PlanClaim,
  parseCustomListCsv,
  resolveIndex,
  type TrackingData,
} from '@etf-replicator/core';
import type { IndexRequest } from '@etf-replicator/core/contracts/indexes';
import {
  marketFromSnapshots,
  snapshotForTracking,
  snapshotsNeeded,
} from '@etf-replicator/projections/trackings/index-snapshot';
import { bundledClassification } from '@etf-replicator/projections/trackings/industry-classification';
import { readTrackingSnapshot, snapshotSymbols } from '@etf-replicator/projections/trackings/sources';
import type { TrackingSnapshot } from '@etf-replicator/projections/trackings/tracking-view-types';
import type { CommonQueryMethods } from 'slonik';

/** A request's definition as core reads it: a CSV list parsed into rows first (its errors name the line). */
export const indexInput = (request: IndexRequest): IndexDefinitionInput =>
  request.type === 'custom'
    ? { type: 'custom', holdings: request.holdings ?? parseCustomListCsv(request.csv ?? '') }
    : request;

/** The latest snapshots an index reads (a blend's ETFs; every ETF for a custom list), by symbol. */
export const indexSnapshots = async (
  db: CommonQueryMethods,
  tracking: Pick<TrackingData, 'symbol' | 'index'>,
): Promise<Map<string, TrackingSnapshot | undefined>> => {
  const needed = snapshotsNeeded(tracking);
  const symbols = needed === 'all' ? await snapshotSymbols(db) : needed;
  const snapshots = new Map<string, TrackingSnapshot | undefined>();
  for (const symbol of symbols) snapshots.set(symbol, await readTrackingSnapshot(db, symbol));
  return snapshots;
};

/** What a tracking needs to follow an index: the state's fields and the snapshot the engine reads. */
export type PreparedIndex = {
  readonly index: IndexDefinition;
  readonly tracking: Pick<TrackingData, 'symbol' | 'index'>;
  readonly snapshot: TrackingSnapshot;
  readonly resolved: ReturnType<typeof resolveIndex>;
};

/**
 * Checks a requested index (400 naming the row, 403 on Free for blends and lists) and resolves it against the latest
 * snapshots (400 when an ETF it names has none). Records nothing.
 */
export const prepareIndex = async (
  db: CommonQueryMethods,
  request: IndexRequest,
  plan: PlanClaim,
): Promise<PreparedIndex> => {
  const index = checkIndexForPlan(indexInput(request), plan);
  const tracking = indexFields(index);
  const snapshots = await indexSnapshots(db, tracking);
  const present = [...snapshots.values()].filter((snapshot): snapshot is TrackingSnapshot => !!snapshot);
  const market = { ...marketFromSnapshots(present), classification: bundledClassification() };
  // Throws the 400 naming an ETF without a snapshot.
  const resolved = resolveIndex(index, market);
  const snapshot = snapshotForTracking(tracking, snapshots);
  if (!snapshot) throw new Error(`index ${JSON.stringify(index)} resolved but built no snapshot`);
  return { index, tracking, snapshot, resolved };
};
