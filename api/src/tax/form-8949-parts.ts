import type { Form8949Part } from '@etf-replicator/core/contracts/taxes';
import { form8949, UNKNOWN_CELL } from '@etf-replicator/core/tax/form-8949';
import type { ClosedRow } from '@etf-replicator/core/tax/ledger-types';

const known = (cell: string): string | null => (cell === UNKNOWN_CELL ? null : cell);

/**
 * The year's Form 8949 sections as the account report lists them: the totals the CSV writes (sums of the cells
 * rounded to cents, (h) from the rounded cells), basis and gain null when a line's basis is unknown.
 */
export const form8949Parts = (rows: readonly ClosedRow[]): Form8949Part[] =>
  form8949(rows).map((section) => ({
    part: section.part,
    box: section.box,
    proceeds: section.totals.proceeds,
    costBasis: known(section.totals.basis),
    adjustment: section.totals.adjustment,
    gain: known(section.totals.gain),
    count: section.lines.length,
  }));
