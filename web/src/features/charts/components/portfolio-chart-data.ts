import type { PortfolioHolding } from '@etf-replicator/core/contracts/portfolio';
import { type Decimal, dec, decimalMax, ZERO } from '@etf-replicator/core/shared/decimal';

/** Held and target weight (percent) of one bar; numbers only for the chart, rounded to 2 decimals. */
export type WeightPoint = { name: string; held: number; target: number };

/** Bars shown at most; the rest are summed into one 'Others' bar. */
export const MAX_PORTFOLIO_BARS = 10;
export const OTHER_HOLDINGS = 'Others';

const toNumber = (value: Decimal): number => value.toDecimalPlaces(2).toNumber();

type Weights = { name: string; held: Decimal; target: Decimal };

const byLarger = (a: Weights, b: Weights): number =>
  decimalMax(b.held, b.target).cmp(decimalMax(a.held, a.target)) || a.name.localeCompare(b.name);

/**
 * The top holdings of the portfolio against the combined target: ranked by the larger of the two weights (a stock
 * only targeted or only held still shows), the rest summed into 'Others'. Sums are decimal; numbers are made last.
 */
export const portfolioAllocationData = (
  holdings: readonly Pick<PortfolioHolding, 'symbol' | 'weight' | 'targetWeight'>[],
  maxBars = MAX_PORTFOLIO_BARS,
): WeightPoint[] => {
  const rows = holdings
    .map((holding) => ({
      name: holding.symbol,
      held: dec(holding.weight),
      target: dec(holding.targetWeight),
    }))
    .sort(byLarger);
  const kept = rows.length > maxBars ? rows.slice(0, maxBars - 1) : rows;
  const rest = rows.slice(kept.length);
  const points = kept.map((row) => ({
    name: row.name,
    held: toNumber(row.held),
    target: toNumber(row.target),
  }));
  if (rest.length > 0)
    points.push({
      name: OTHER_HOLDINGS,
      held: toNumber(rest.reduce((sum, row) => sum.add(row.held), ZERO)),
      target: toNumber(rest.reduce((sum, row) => sum.add(row.target), ZERO)),
    });
  return points;
};

/** Sector weights held vs target, largest first (by the larger of the two), every sector the API sent. */
export const portfolioSectorData = (
  sectors: readonly { sector: string; weight: string; targetWeight: string }[],
): WeightPoint[] =>
  sectors
    .map((sector) => ({ name: sector.sector, held: dec(sector.weight), target: dec(sector.targetWeight) }))
    .sort(byLarger)
    .map((row) => ({ name: row.name, held: toNumber(row.held), target: toNumber(row.target) }));
