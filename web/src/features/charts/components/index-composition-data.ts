import { dec } from '@etf-replicator/core/shared/decimal';
import { formatWeight } from '@/lib/format';

type Weighted = { readonly weight: string };
type Holding = Weighted & { readonly symbol: string };
type Sector = Weighted & { readonly sector: string };

/** One bar: its name, its weight for the axis (a plotted number) and the weight's text for the tooltip. */
export type CompositionPoint = { name: string; weight: number; weightText: string };

export const TOP_HOLDINGS = 10;

const point = (name: string, weight: string): CompositionPoint => ({
  name,
  // Only the bar's length: every text shown comes from the decimal string.
  weight: dec(weight).toNumber(),
  weightText: formatWeight(weight),
});

/**
 * An index's composition for its chart: every sector, and the largest holdings (ties by symbol), largest first.
 * The weights are the server's decimal strings (percent of the index).
 */
export const indexCompositionData = (composition: {
  readonly sectors: readonly Sector[];
  readonly holdings: readonly Holding[];
}): { sectors: CompositionPoint[]; holdings: CompositionPoint[] } => {
  const byWeight = <T extends Weighted>(items: readonly T[], name: (item: T) => string) =>
    [...items].sort((a, b) => dec(b.weight).comparedTo(dec(a.weight)) || name(a).localeCompare(name(b)));
  return {
    sectors: byWeight(composition.sectors, (sector) => sector.sector).map((s) => point(s.sector, s.weight)),
    holdings: byWeight(composition.holdings, (holding) => holding.symbol)
      .slice(0, TOP_HOLDINGS)
      .map((h) => point(h.symbol, h.weight)),
  };
};
