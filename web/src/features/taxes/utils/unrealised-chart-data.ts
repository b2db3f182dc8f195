import { D } from '@etf-replicator/core/shared/decimal';

type HoldingGain = { symbol: string; gain: string | null };

export type GainPoint = {
  symbol: string;
  /** The bar's length in dollars (geometry only; text comes from `gainText`). */
  gain: number;
  /** The exact decimal string, for tooltips and labels through formatMoney. */
  gainText: string;
  kind: 'gain' | 'loss';
  /** The bar of its series (gains and losses are two series, so the legend and the pattern tell them apart). */
  gainBar: number | null;
  lossBar: number | null;
};

export type UnrealisedChartData = {
  points: GainPoint[];
  /** Holdings with a price (a gain to show), and whether only the largest of them are drawn. */
  total: number;
  limited: boolean;
};

/** Bars drawn at most: the largest gains and the largest losses, half each, so a 100-stock tracking stays legible. */
export const MAX_BARS = 20;

/**
 * Unrealised gain or loss per holding as chart bars, largest gain first and largest loss last. Holdings without a
 * price are left out; with more than MAX_BARS holdings the largest gains and losses are kept (a side with fewer
 * than half leaves its room to the other).
 */
export const unrealisedChartData = (holdings: readonly HoldingGain[]): UnrealisedChartData => {
  const priced = holdings
    .filter((holding): holding is { symbol: string; gain: string } => holding.gain !== null)
    .map((holding) => ({ symbol: holding.symbol, value: new D(holding.gain), gainText: holding.gain }))
    .sort((a, b) => b.value.comparedTo(a.value) || a.symbol.localeCompare(b.symbol));
  let kept = priced;
  if (priced.length > MAX_BARS) {
    const gains = priced.filter((point) => !point.value.isNegative());
    const losses = priced.filter((point) => point.value.isNegative());
    const lossRoom = Math.max(MAX_BARS / 2, MAX_BARS - gains.length);
    const keptLosses = losses.slice(Math.max(0, losses.length - lossRoom));
    kept = [...gains.slice(0, MAX_BARS - keptLosses.length), ...keptLosses];
  }
  return {
    points: kept.map(({ symbol, value, gainText }) => {
      const gain = value.toNumber();
      const loss = value.isNegative();
      return {
        symbol,
        gain,
        gainText,
        kind: loss ? 'loss' : 'gain',
        gainBar: loss ? null : gain,
        lossBar: loss ? gain : null,
      };
    }),
    total: priced.length,
    limited: kept.length < priced.length,
  };
};
