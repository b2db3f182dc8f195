import type { HoldingInput } from '../replication/types';
import { D, type Decimal, dec, ZERO } from '../shared/decimal';
import type { ResolvedIndex, UnpricedSymbol } from './resolve';
import { unclassifiedWeightShare } from './screens';

/** Percent values in the composition are rounded half-up to 4 decimals (display and the preview answer). */
const PLACES = 4;

export type CompositionHolding = {
  readonly symbol: string;
  /** Percent of the index (Σ over all rows = 100 up to rounding). */
  readonly weight: string;
  readonly price: string | null;
  readonly sector: string | null;
  readonly industry: string | null;
};
export type CompositionSector = { readonly sector: string; readonly weight: string };

/** What the index preview answers and the charts draw: holdings by weight, sectors, and what cannot be bought. */
export type IndexComposition = {
  readonly holdings: readonly CompositionHolding[];
  readonly sectors: readonly CompositionSector[];
  readonly unpriced: readonly UnpricedSymbol[];
  /** Percent of the index's weight without an industry in the bundled data (industry screens cannot see it). */
  readonly unclassifiedWeight: string;
};

const percentOf = (weight: Decimal, total: Decimal) =>
  weight.mul(new D(100)).div(total).toDecimalPlaces(PLACES).toFixed();

const byWeightThenName =
  <T>(weight: (item: T) => Decimal, name: (item: T) => string) =>
  (a: T, b: T) =>
    weight(b).comparedTo(weight(a)) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);

/** The resolved index as percentages of itself: heaviest first (ties by symbol), sectors by weight. */
export const indexComposition = (resolved: ResolvedIndex): IndexComposition => {
  const holdings = [...resolved.holdings].sort(
    byWeightThenName<HoldingInput>(
      (h) => dec(h.weightPercentage),
      (h) => h.symbol,
    ),
  );
  const total = holdings.reduce((sum, holding) => sum.add(dec(holding.weightPercentage)), ZERO);
  const sectors = new Map<string, Decimal>();
  for (const holding of holdings) {
    const sector = holding.sector ?? 'Unclassified';
    sectors.set(sector, (sectors.get(sector) ?? ZERO).add(dec(holding.weightPercentage)));
  }
  return {
    holdings: holdings.map((holding) => ({
      symbol: holding.symbol,
      weight: total.isZero() ? '0' : percentOf(dec(holding.weightPercentage), total),
      price: holding.price == null ? null : dec(holding.price).toFixed(),
      sector: holding.sector ?? null,
      industry: holding.industry ?? null,
    })),
    sectors: [...sectors]
      .sort(
        byWeightThenName(
          ([, weight]) => weight,
          ([name]) => name,
        ),
      )
      .map(([sector, weight]) => ({ sector, weight: total.isZero() ? '0' : percentOf(weight, total) })),
    unpriced: resolved.unpriced,
    unclassifiedWeight: unclassifiedWeightShare(holdings),
  };
};
