import type { PortfolioHolding, PortfolioTracking } from '@etf-replicator/core/contracts/portfolio';
import { dec } from '@etf-replicator/core/shared/decimal';

export type HoldingsSortKey = 'symbol' | 'value' | 'weight' | 'targetWeight';
export type SortDirection = 'ascending' | 'descending';
export type HoldingsSort = { key: HoldingsSortKey; direction: SortDirection };

/** The table opens on the largest positions first. */
export const DEFAULT_SORT: HoldingsSort = { key: 'value', direction: 'descending' };

/** Clicking a column sorts by it (text A→Z, numbers largest first); clicking it again reverses. */
export const nextSort = (current: HoldingsSort, key: HoldingsSortKey): HoldingsSort =>
  current.key === key
    ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
    : { key, direction: key === 'symbol' ? 'ascending' : 'descending' };

const compare = (a: PortfolioHolding, b: PortfolioHolding, key: HoldingsSortKey): number =>
  key === 'symbol' ? a.symbol.localeCompare(b.symbol) : dec(a[key]).cmp(dec(b[key]));

/**
 * The holdings the table shows: those whose symbol or name contains the search (any case), sorted by the column
 * chosen (decimal comparison of the API's strings, never floats); ties by symbol so the order is stable.
 */
export const holdingsView = (
  holdings: readonly PortfolioHolding[],
  search: string,
  sort: HoldingsSort,
): PortfolioHolding[] => {
  const needle = search.trim().toLowerCase();
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return holdings
    .filter(
      (holding) =>
        needle === '' ||
        holding.symbol.toLowerCase().includes(needle) ||
        (holding.name ?? '').toLowerCase().includes(needle),
    )
    .sort((a, b) => sign * compare(a, b, sort.key) || a.symbol.localeCompare(b.symbol));
};

/** trackingId → the label tables and charts show ("VOO", or "VOO (Nov 26, 2026)" for a second VOO tracking). */
export const labelsById = (trackings: readonly PortfolioTracking[]): ReadonlyMap<string, string> =>
  new Map(trackings.map((tracking) => [tracking.trackingId, tracking.label]));
