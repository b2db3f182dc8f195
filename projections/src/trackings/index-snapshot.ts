import { createHash } from 'node:crypto';
import {
  type IndexDefinition,
  type IndexMarket,
  indexLabel,
  resolveIndex,
  type TrackingData,
} from '@etf-replicator/core';
import { withIndustries } from './industry-classification';
import type { TrackingSnapshot } from './tracking-view-types';

/**
 * A tracking of a blend or a custom list (issue 30) is derived against one snapshot built from the ETF snapshots
 * its index reads, so that everything downstream (engine, orders, rates, exclusions) is today's code. Its event id
 * names the index (a hash of the definition: two lists never share a cached target) and every snapshot event it
 * was built from (`SYMBOL:eventId`), which is how a newer snapshot of any member makes it stale (recompute-stale.ts).
 */

/** Which ETF snapshots the tracking's index reads: its own ETF, a blend's parts, or (custom list) all of them. */
export const snapshotsNeeded = (
  tracking: Pick<TrackingData, 'symbol' | 'index'>,
): readonly string[] | 'all' => {
  const { index } = tracking;
  if (!index || index.type === 'etf') return [tracking.symbol];
  return index.type === 'blend' ? index.parts.map((part) => part.symbol) : 'all';
};

const definitionHash = (index: IndexDefinition) =>
  createHash('sha256').update(JSON.stringify(index)).digest('hex').slice(0, 16);

/**
 * The market an index reads, from the latest ETF snapshots: each ETF's holdings, and for custom lists the price of
 * every stock any snapshot prices (the newest `priceAsOf` wins; on a tie the ETF first by symbol). The snapshots
 * are events, so a replay prices a list exactly as it was priced then.
 */
export const marketFromSnapshots = (snapshots: readonly TrackingSnapshot[]): IndexMarket => {
  const prices = new Map<string, { price: string; asOf: string }>();
  const known = new Set<string>();
  const classification = new Map<string, { sector: string | null; industry: string | null }>();
  for (const snapshot of [...snapshots].sort((a, b) => (a.symbol < b.symbol ? -1 : 1))) {
    for (const holding of snapshot.holdings) {
      known.add(holding.symbol);
      if (holding.sector && !classification.has(holding.symbol))
        classification.set(holding.symbol, { sector: holding.sector, industry: holding.industry ?? null });
      if (holding.price == null) continue;
      const asOf = holding.priceAsOf ?? '';
      const seen = prices.get(holding.symbol);
      if (!seen || asOf > seen.asOf) prices.set(holding.symbol, { price: String(holding.price), asOf });
    }
  }
  return {
    etfs: new Map(snapshots.map((snapshot) => [snapshot.symbol, snapshot.holdings])),
    prices: new Map([...prices].map(([symbol, { price }]) => [symbol, price])),
    knownSymbols: known,
    classification,
  };
};

/** The member snapshots an index tracking reads, in a fixed order (undefined where one is missing). */
const membersOf = (
  tracking: Pick<TrackingData, 'symbol' | 'index'>,
  snapshots: ReadonlyMap<string, TrackingSnapshot | undefined>,
) => {
  const needed = snapshotsNeeded(tracking);
  return (needed === 'all' ? [...snapshots.keys()].sort() : needed).map((symbol) => ({
    symbol,
    snapshot: snapshots.get(symbol),
  }));
};

/**
 * The snapshot id an index tracking's row records: the index and every member snapshot present, also when the view
 * could not be built (a member missing), so that recompute-stale never takes it for stale again. Null for an ETF.
 */
export const indexSnapshotId = (
  tracking: Pick<TrackingData, 'symbol' | 'index'>,
  snapshots: ReadonlyMap<string, TrackingSnapshot | undefined>,
): string | null => {
  const { index } = tracking;
  if (!index || index.type === 'etf') return null;
  const present = membersOf(tracking, snapshots).flatMap(({ symbol, snapshot }) =>
    snapshot ? [`${symbol}:${snapshot.eventId}`] : [],
  );
  return [`index:${definitionHash(index)}`, ...present].join('|');
};

/**
 * The snapshot a tracking is derived against: its ETF's (as before), or its index's built from the member snapshots.
 * Undefined when a snapshot the index needs is missing or the index no longer resolves: the view is then degraded
 * and says so, as for an ETF without a snapshot.
 */
export const snapshotForTracking = (
  tracking: Pick<TrackingData, 'symbol' | 'index'>,
  snapshots: ReadonlyMap<string, TrackingSnapshot | undefined>,
): TrackingSnapshot | undefined => {
  const { index } = tracking;
  if (!index || index.type === 'etf') {
    const own = snapshots.get(tracking.symbol);
    return own && withIndustries(own);
  }
  // Each holding's industry (issue 30: what industry exclusions match) from the bundled classification.
  const members = membersOf(tracking, snapshots).map(
    (member) => member.snapshot && withIndustries(member.snapshot),
  );
  if (members.some((member) => member === undefined)) return undefined;
  const present = members as TrackingSnapshot[];
  let holdings: TrackingSnapshot['holdings'];
  try {
    holdings = resolveIndex(index, marketFromSnapshots(present)).holdings;
  } catch {
    return undefined;
  }
  const dates = present.map((member) => member.asOf).filter((date): date is string => date !== null);
  return {
    symbol: tracking.symbol,
    eventId: indexSnapshotId(tracking, snapshots),
    asOf: dates.sort().at(-1) ?? null,
    name: indexLabel(index),
    holdings,
  };
};
