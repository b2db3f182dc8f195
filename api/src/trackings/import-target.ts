import { type IndexDefinition, indexLabel, type PlanClaim } from '@etf-replicator/core';
import type { IndexRequest } from '@etf-replicator/core/contracts/indexes';
import {
  snapshotPricesAsOf,
  type TrackingSnapshot,
} from '@etf-replicator/projections/trackings/tracking-view-types';
import type { CommonQueryMethods } from 'slonik';
import { prepareIndex } from './index-market';
import { engineHoldings, requireReplicableSnapshot } from './market-context';

/** What an import matches the file's rows against: one ETF's latest snapshot, or an index's (issue 30). */
export type ImportTarget = {
  /** The tracking's symbol: the ETF, a blend's first ETF, or the custom list's. */
  readonly symbol: string;
  /** What a row outside it is "not a holding of": the ETF's symbol, or the index's name ("70 % VTI + 30 % QQQ"). */
  readonly label: string;
  /** A blend or a custom list as the tracking records it; undefined for one ETF. */
  readonly index: IndexDefinition | undefined;
  /** Holdings with weights and prices, as the engine reads them. */
  readonly snapshot: TrackingSnapshot;
  readonly pricesAsOf: { from: string; to: string } | null;
};

/**
 * The import's ETF (`symbol`, or an `etf` index) or its blend or custom list, checked like POST /api/trackings
 * checks it: 404/422 for an ETF that cannot be replicated, 400 naming the row, 403 on Free. Records nothing.
 */
export const importTarget = async (
  db: CommonQueryMethods,
  request: { readonly symbol?: string | undefined; readonly index?: IndexRequest | undefined },
  plan: PlanClaim,
): Promise<ImportTarget> => {
  if (request.index && request.index.type !== 'etf') {
    const prepared = await prepareIndex(db, request.index, plan);
    return {
      symbol: prepared.tracking.symbol,
      label: indexLabel(prepared.index),
      index: prepared.index,
      snapshot: prepared.snapshot,
      pricesAsOf: snapshotPricesAsOf(prepared.snapshot),
    };
  }
  const etf = request.index?.type === 'etf' ? request.index.symbol : request.symbol;
  const snapshot = await requireReplicableSnapshot(db, etf ?? '');
  return {
    symbol: snapshot.symbol,
    label: snapshot.symbol,
    index: undefined,
    snapshot: {
      symbol: snapshot.symbol,
      eventId: snapshot.eventId,
      asOf: snapshot.asOf,
      holdings: engineHoldings(snapshot),
    },
    pricesAsOf:
      snapshot.pricesFrom && snapshot.pricesTo ? { from: snapshot.pricesFrom, to: snapshot.pricesTo } : null,
  };
};
