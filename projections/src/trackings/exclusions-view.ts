import {
  type ActiveTracking,
  type Exclusions,
  excludedWeight,
  exclusionLists,
  exclusionModeOf,
  hasExclusions,
  sectorWeights,
  unclassifiedWeightShare,
} from '@etf-replicator/core';
import type { TrackingExclusions } from '@etf-replicator/core/contracts/trackings';
import type { TrackingSnapshot } from './tracking-view-types';

/**
 * Held shares of excluded holdings the user keeps ("keep, stop buying"), valued at the latest price (else the
 * last order's): the engine leaves them as they are. Shares excluded in "sell" mode are simply not in the target,
 * so the orders sell them.
 */
export const keptShares = (
  tracking: ActiveTracking,
  holdings: TrackingSnapshot['holdings'],
  prices: ReadonlyMap<string, string>,
): Record<string, { shares: string; price: string }> => {
  const kept: Record<string, { shares: string; price: string }> = {};
  if (!hasExclusions(tracking.exclusions)) return kept;
  const bySymbol = new Map(holdings.map((holding) => [holding.symbol, holding]));
  for (const [symbol, shares] of [...tracking.positions].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const price = prices.get(symbol);
    if (!shares.gt(0) || price === undefined) continue;
    const holding = bySymbol.get(symbol);
    if (exclusionModeOf(tracking.exclusions, symbol, holding?.sector, holding?.industry) === 'keep')
      kept[symbol] = { shares: shares.toFixed(), price };
  }
  return kept;
};

export const exclusionsView = (
  exclusions: Exclusions,
  holdings: TrackingSnapshot['holdings'],
  etfReplicationRate: string,
  etfReplicationRateWithout: string,
): TrackingExclusions => ({
  symbols: exclusions.symbols.map((entry) => ({ ...entry })),
  sectors: exclusions.sectors.map((entry) => ({ ...entry })),
  industries: exclusions.industries.map((entry) => ({ ...entry })),
  excludedWeight: hasExclusions(exclusions) ? excludedWeight(holdings, exclusionLists(exclusions)) : '0',
  etfReplicationRate,
  etfReplicationRateWithout,
  etfSectors: sectorsOf(holdings),
  unclassifiedWeight: unclassifiedOf(holdings),
});

/** Percent of the index's weight without an industry (issue 30: industry screens cannot see it), summed once. */
const unclassifiedByHoldings = new WeakMap<object, string>();
const unclassifiedOf = (holdings: TrackingSnapshot['holdings']) => {
  let share = unclassifiedByHoldings.get(holdings);
  if (share === undefined) {
    share = unclassifiedWeightShare(holdings);
    unclassifiedByHoldings.set(holdings, share);
  }
  return share;
};

/** A snapshot's holdings array is shared by every tracking of its ETF (sources.ts): its sectors are summed once. */
const sectorsByHoldings = new WeakMap<object, ReturnType<typeof sectorWeights>>();
const sectorsOf = (holdings: TrackingSnapshot['holdings']) => {
  let sectors = sectorsByHoldings.get(holdings);
  if (!sectors) {
    sectors = sectorWeights(holdings);
    sectorsByHoldings.set(holdings, sectors);
  }
  return sectors.map((entry) => ({ ...entry }));
};

/** The degraded view never throws: unreadable weights give no sectors. */
export const safeExclusionsView = (exclusions: Exclusions, holdings: TrackingSnapshot['holdings']) => {
  try {
    return exclusionsView(exclusions, holdings, '0', '0');
  } catch {
    return exclusionsView(exclusions, [], '0', '0');
  }
};
