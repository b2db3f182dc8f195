import { type Decimal, daysFrom, sumDecimals } from '@etf-replicator/core';
import type { RealizedLot, RealizedYear } from '@etf-replicator/core/contracts/taxes';
import type { ClosedRow } from '@etf-replicator/core/tax/ledger-types';

/** Decimal strings as the tax contracts write them: exact, "0" for zero. */
export const text = (value: Decimal): string => (value.isZero() ? '0' : value.toFixed());
export const optionalText = (value: Decimal | null): string | null => (value === null ? null : text(value));

/** One ledger row as the realised-gains contract shows it (amounts exact; the CSV and `parts` round). */
export const realizedRowView = (row: ClosedRow): RealizedLot => ({
  saleId: row.saleId,
  lotId: row.lotId,
  trackingId: row.trackingId,
  symbol: row.symbol,
  shares: text(row.shares),
  acquiredOn: row.acquiredOn,
  soldOn: row.soldOn,
  acquiredAt: row.acquiredOn,
  soldAt: row.soldOn,
  proceeds: text(row.proceeds),
  costBasis: optionalText(row.basis),
  code: row.code,
  adjustment: text(row.adjustment),
  gain: optionalText(row.gain),
  holdingDays: row.acquiredOn === null ? null : daysFrom(row.acquiredOn, row.soldOn),
  term: row.term,
  harvestId: row.harvestId,
});

export const yearOfRow = (row: ClosedRow): number => Number(row.soldOn.slice(0, 4));

/**
 * One year's totals: proceeds of every row; basis and gains of the rows whose basis is known (an unknown basis is
 * never invented); harvested losses as a positive amount; Σ (g).
 */
export const yearTotals = (year: number, rows: readonly ClosedRow[]): RealizedYear => {
  const known = rows.flatMap((row) =>
    row.basis !== null && row.gain !== null ? [{ row, basis: row.basis, gain: row.gain }] : [],
  );
  const gainsOf = (keep: (row: ClosedRow) => boolean) =>
    sumDecimals(known.filter(({ row }) => keep(row)).map(({ gain }) => gain));
  return {
    year,
    proceeds: text(sumDecimals(rows.map((row) => row.proceeds))),
    costBasis: text(sumDecimals(known.map(({ basis }) => basis))),
    shortTerm: text(gainsOf((row) => row.term === 'SHORT')),
    longTerm: text(gainsOf((row) => row.term === 'LONG')),
    total: text(gainsOf(() => true)),
    harvestedLoss: text(
      sumDecimals(
        known
          .filter(({ row, gain }) => row.harvestId !== null && gain.isNegative())
          .map(({ gain }) => gain.neg()),
      ),
    ),
    adjustment: text(sumDecimals(rows.map((row) => row.adjustment))),
  };
};

/** Totals of every year with rows, newest first. */
export const yearsOf = (rows: readonly ClosedRow[]): RealizedYear[] => {
  const byYear = new Map<number, ClosedRow[]>();
  for (const row of rows) {
    const year = yearOfRow(row);
    const list = byYear.get(year);
    if (list) list.push(row);
    else byYear.set(year, [row]);
  }
  return [...byYear.entries()].sort(([a], [b]) => b - a).map(([year, own]) => yearTotals(year, own));
};
