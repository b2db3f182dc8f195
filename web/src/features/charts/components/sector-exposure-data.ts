import { dec, ZERO } from '@etf-replicator/core/shared/decimal';

type Sector = { industry: string; exposure: number };
type Holding = { asset: string; sector?: string | null | undefined };
type Line = { symbol: string; amountInvested: string };

export type SectorPoint = { sector: string; etf: number; tracking: number | null };
export type SectorExposure = {
  points: SectorPoint[];
  /** False when the holdings carry no sectors, so the tracking's own exposure cannot be computed. */
  trackingAvailable: boolean;
};

const UNCLASSIFIED = 'Unclassified';

/**
 * The ETF's sector weights (percent of the fund) beside the tracking's (percent of its invested money), one row per
 * sector, largest ETF exposure first. The tracking side needs a sector per holding; without it it is null, never
 * guessed.
 */
export const sectorExposureData = (
  etfSectors: readonly Sector[],
  holdings: readonly Holding[],
  investments: readonly Line[],
): SectorExposure => {
  const sectorOf = new Map(
    holdings.flatMap((holding) => (holding.sector ? [[holding.asset, holding.sector] as const] : [])),
  );
  const trackingAvailable = sectorOf.size > 0 && investments.length > 0;
  const invested = investments.reduce((sum, line) => sum.add(dec(line.amountInvested)), ZERO);
  const bySector = new Map<string, ReturnType<typeof dec>>();
  if (trackingAvailable && invested.gt(0)) {
    for (const line of investments) {
      const sector = sectorOf.get(line.symbol) ?? UNCLASSIFIED;
      bySector.set(sector, (bySector.get(sector) ?? ZERO).add(dec(line.amountInvested)));
    }
  }
  const percentOf = (sector: string): number | null =>
    trackingAvailable && invested.gt(0)
      ? (bySector.get(sector) ?? ZERO).div(invested).mul(100).toDecimalPlaces(2).toNumber()
      : null;
  const points: SectorPoint[] = [...etfSectors]
    .sort((a, b) => b.exposure - a.exposure || a.industry.localeCompare(b.industry))
    .map((sector) => ({
      sector: sector.industry,
      etf: sector.exposure,
      tracking: percentOf(sector.industry),
    }));
  const listed = new Set(etfSectors.map((sector) => sector.industry));
  for (const sector of bySector.keys()) {
    if (!listed.has(sector)) points.push({ sector, etf: 0, tracking: percentOf(sector) });
  }
  return { points, trackingAvailable };
};
