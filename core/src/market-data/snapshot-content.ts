import { dec, sumDecimals, toDecimalString, ZERO } from '../shared/decimal';
import type { PricedHolding } from './join';
import type { SnapshotHolding, SnapshotSector } from './snapshot-event';

/** Pure helpers that shape snapshot content, shared by every market-data provider. */

export const toSnapshotHolding = (holding: PricedHolding, sector: string | null): SnapshotHolding => ({
  symbol: holding.symbol,
  rawSymbol: holding.rawSymbol,
  name: holding.name,
  weightPercentage: holding.weightPercentage,
  price: holding.price,
  priceAsOf: holding.priceAsOf,
  priceSource: holding.priceSource,
  isAvailable: holding.isAvailable,
  sharesNumber: holding.sharesNumber,
  marketValue: holding.marketValue,
  cusip: holding.cusip,
  isin: holding.isin,
  updated: holding.updated,
  sector,
});

/** Largest exposure first; ties by name so the order (and the content hash) is deterministic. */
export const sortSectors = (sectors: readonly SnapshotSector[]): SnapshotSector[] =>
  [...sectors].sort((a, b) => dec(b.exposure).cmp(dec(a.exposure)) || a.industry.localeCompare(b.industry));

/** Sector exposure as the sum of holding weights per sector; holdings without a sector are left out. */
export const sectorExposure = (holdings: readonly SnapshotHolding[]): SnapshotSector[] => {
  const totals = new Map<string, ReturnType<typeof dec>>();
  for (const holding of holdings) {
    if (holding.sector === null) continue;
    totals.set(holding.sector, (totals.get(holding.sector) ?? ZERO).add(dec(holding.weightPercentage)));
  }
  return sortSectors(
    [...totals].map(([industry, exposure]) => ({ industry, exposure: toDecimalString(exposure) })),
  );
};

/** Oldest and newest price date among priced holdings. */
export const priceDateRange = (
  holdings: readonly SnapshotHolding[],
): { pricesFrom: string | null; pricesTo: string | null } => {
  const dates = holdings
    .map((holding) => holding.priceAsOf)
    .filter((date): date is string => date !== null)
    .sort();
  return { pricesFrom: dates[0] ?? null, pricesTo: dates.at(-1) ?? null };
};

export type SnapshotCoverage = {
  readonly holdingsCount: number;
  readonly pricedCount: number;
  /** Sum of all weights (percent). */
  readonly totalWeight: string;
  /** Sum of the weights of holdings with a price (percent of the fund). */
  readonly pricedWeight: string;
  /** pricedWeight / totalWeight × 100, 3 decimals; null without holdings. */
  readonly pricedWeightShare: string | null;
};

export const snapshotCoverage = (holdings: readonly SnapshotHolding[]): SnapshotCoverage => {
  const total = sumDecimals(holdings.map((holding) => dec(holding.weightPercentage)));
  const priced = holdings.filter((holding) => holding.isAvailable);
  const pricedWeight = sumDecimals(priced.map((holding) => dec(holding.weightPercentage)));
  return {
    holdingsCount: holdings.length,
    pricedCount: priced.length,
    totalWeight: toDecimalString(total),
    pricedWeight: toDecimalString(pricedWeight),
    pricedWeightShare: total.isZero() ? null : pricedWeight.div(total).times(100).toFixed(3),
  };
};
