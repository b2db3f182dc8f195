import type { PortfolioOverlap, PortfolioTracking } from '@etf-replicator/core/contracts/portfolio';
import { dec } from '@etf-replicator/core/shared/decimal';

export type OverlapCell = {
  /** Percent in common (0–100); "100" on the diagonal (a tracking with itself); null when the API sent no pair. */
  overlap: string | null;
  /** 0 (none) to 4 (75 % or more): how dark the cell is. The value is always shown as text too. */
  level: 0 | 1 | 2 | 3 | 4;
  topShared: PortfolioOverlap['topShared'];
  self: boolean;
};

export type OverlapMatrix = { labels: string[]; rows: OverlapCell[][] };

/** Heat level by quarter: [0, 0] → 0, (0, 25) → 1, [25, 50) → 2, [50, 75) → 3, [75, 100] → 4. */
export const overlapLevel = (percent: string): OverlapCell['level'] => {
  const value = dec(percent);
  if (value.lte(0)) return 0;
  if (value.lt(25)) return 1;
  if (value.lt(50)) return 2;
  return value.lt(75) ? 3 : 4;
};

/**
 * The pairwise overlap as a square matrix in the order of the trackings: the API sends each pair once (a, b); the
 * overlap is symmetric, so (b, a) shows the same value.
 */
export const overlapMatrix = (
  trackings: readonly PortfolioTracking[],
  pairs: readonly PortfolioOverlap[],
): OverlapMatrix => {
  const byPair = new Map<string, PortfolioOverlap>();
  for (const pair of pairs) {
    byPair.set(`${pair.a}|${pair.b}`, pair);
    byPair.set(`${pair.b}|${pair.a}`, pair);
  }
  const rows = trackings.map((row) =>
    trackings.map((column): OverlapCell => {
      if (row.trackingId === column.trackingId)
        return { overlap: '100', level: 4, topShared: [], self: true };
      const pair = byPair.get(`${row.trackingId}|${column.trackingId}`);
      return pair
        ? { overlap: pair.overlap, level: overlapLevel(pair.overlap), topShared: pair.topShared, self: false }
        : { overlap: null, level: 0, topShared: [], self: false };
    }),
  );
  return { labels: trackings.map((tracking) => tracking.label), rows };
};
