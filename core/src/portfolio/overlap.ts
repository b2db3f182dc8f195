import type { PortfolioOverlap } from '../contracts/portfolio';
import { type Decimal, decimalMin, sumDecimals, ZERO } from '../shared/decimal';
import { percentText } from './holdings';
import type { PortfolioTrackingInput } from './types';

/** A tracking's target weights by stock, in percent of its target's invested value (empty without a target). */
export const targetWeights = (tracking: PortfolioTrackingInput): Map<string, Decimal> => {
  const values = new Map<string, Decimal>();
  for (const line of tracking.target)
    values.set(line.symbol, (values.get(line.symbol) ?? ZERO).add(line.value));
  const total = sumDecimals(values.values());
  const weights = new Map<string, Decimal>();
  if (total.isZero()) return weights;
  for (const [symbol, value] of values) if (!value.isZero()) weights.set(symbol, value.div(total).mul(100));
  return weights;
};

const TOP_SHARED = 5;

/** Σ over stocks of min(weight in a, weight in b) with the stocks contributing most (percent, 0–100). */
export const overlapOfWeights = (
  a: ReadonlyMap<string, Decimal>,
  b: ReadonlyMap<string, Decimal>,
): { overlap: Decimal; shared: { symbol: string; weight: Decimal }[] } => {
  const shared: { symbol: string; weight: Decimal }[] = [];
  for (const [symbol, weight] of a) {
    const other = b.get(symbol);
    if (other) shared.push({ symbol, weight: decimalMin(weight, other) });
  }
  shared.sort((x, y) => y.weight.comparedTo(x.weight) || (x.symbol < y.symbol ? -1 : 1));
  return { overlap: sumDecimals(shared.map((entry) => entry.weight)), shared };
};

/**
 * Overlap of every pair of trackings (issue 29 item 1), in the trackings' order: the share of target weight two
 * trackings have in common. Identical targets overlap 100, disjoint ones 0; the measure is symmetric.
 */
export const trackingOverlaps = (trackings: readonly PortfolioTrackingInput[]): PortfolioOverlap[] => {
  const weights = trackings.map(targetWeights);
  const pairs: PortfolioOverlap[] = [];
  trackings.forEach((a, i) => {
    for (let j = i + 1; j < trackings.length; j++) {
      const b = trackings[j] as PortfolioTrackingInput;
      const { overlap, shared } = overlapOfWeights(
        weights[i] as Map<string, Decimal>,
        weights[j] as Map<string, Decimal>,
      );
      pairs.push({
        a: a.trackingId,
        b: b.trackingId,
        overlap: percentText(overlap),
        topShared: shared
          .slice(0, TOP_SHARED)
          .map((entry) => ({ symbol: entry.symbol, weight: percentText(entry.weight) })),
      });
    }
  });
  return pairs;
};
