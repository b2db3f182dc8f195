import type { PricedHolding } from '@etf-replicator/core';

/** The engine's universe, rebuilt for the baselines: top-N priced holdings, weight desc, ties by symbol. */
export type BenchItem = {
  readonly symbol: string;
  /** Target weight t_i = w_i / Σ_universe w. */
  readonly weight: number;
  /** Price of one unit (one share, or one increment of a share). */
  readonly unitPrice: number;
  readonly price: string;
};

export const benchUniverse = (
  holdings: readonly PricedHolding[],
  topN: number | null,
  unitShares: number,
): BenchItem[] => {
  const tradable = holdings
    .filter((holding) => holding.isAvailable && holding.price !== null)
    .map((holding) => ({
      symbol: holding.symbol,
      w: Number(holding.weightPercentage),
      price: holding.price!,
    }))
    .sort((a, b) => b.w - a.w || (a.symbol < b.symbol ? -1 : 1));
  const selected = topN === null ? tradable : tradable.slice(0, topN);
  const total = selected.reduce((sum, item) => sum + item.w, 0);
  return selected.map((item) => ({
    symbol: item.symbol,
    weight: item.w / total,
    unitPrice: Number(item.price) * unitShares,
    price: item.price,
  }));
};
