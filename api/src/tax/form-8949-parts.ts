import { type Decimal, sumDecimals } from '@etf-replicator/core';
import type { Form8949Part } from '@etf-replicator/core/contracts/taxes';
import type { ClosedRow } from '@etf-replicator/core/tax/ledger-types';

/** A cell as Form 8949 writes it: cents, half up (the decimal default). */
const cents = (value: Decimal): Decimal => value.toDecimalPlaces(2);

type Key = Pick<Form8949Part, 'part' | 'box'>;
const ORDER = ['I:A', 'I:B', 'II:D', 'II:E', 'UNKNOWN:'];

/** Part I (short-term) or II (long-term) with box A/D when the basis is known, else B/E; UNKNOWN: no holding period. */
const keyOf = (row: ClosedRow): Key => {
  if (row.term === 'UNKNOWN') return { part: 'UNKNOWN', box: null };
  const known = row.basis !== null;
  return row.term === 'SHORT' ? { part: 'I', box: known ? 'A' : 'B' } : { part: 'II', box: known ? 'D' : 'E' };
};

/**
 * The year's Form 8949 sections and their totals: each row's cells rounded to cents, (h) = (d) − (e) + (g) from the
 * rounded cells, totals the sums of the rounded cells (as the CSV writes them). Basis and gain totals are null when
 * a row of the section has no known basis.
 */
export const form8949Parts = (rows: readonly ClosedRow[]): Form8949Part[] => {
  const sections = new Map<string, { key: Key; rows: ClosedRow[] }>();
  for (const row of rows) {
    const key = keyOf(row);
    const id = `${key.part}:${key.box ?? ''}`;
    const section = sections.get(id);
    if (section) section.rows.push(row);
    else sections.set(id, { key, rows: [row] });
  }
  return [...sections.entries()]
    .sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b))
    .map(([, { key, rows: own }]) => {
      const proceeds = own.map((row) => cents(row.proceeds));
      const adjustments = own.map((row) => cents(row.adjustment));
      const bases = own.map((row) => (row.basis === null ? null : cents(row.basis)));
      const allKnown = bases.every((basis) => basis !== null);
      const basis = allKnown ? sumDecimals(bases as Decimal[]) : null;
      const adjustment = sumDecimals(adjustments);
      const gain = basis === null ? null : sumDecimals(proceeds).sub(basis).add(adjustment);
      return {
        ...key,
        proceeds: sumDecimals(proceeds).toFixed(2),
        costBasis: basis === null ? null : basis.toFixed(2),
        adjustment: adjustment.toFixed(2),
        gain: gain === null ? null : gain.toFixed(2),
        count: own.length,
      };
    });
};
