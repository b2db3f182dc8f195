import type { Decimal } from '@etf-replicator/core';
import type { Row } from './import-rows';

/** What a lot without a cost basis becomes: both facts, as the preview says them per row too. */
export const UNKNOWN_BASIS_NOTE =
  'cost basis unknown — valued at the snapshot price for replication only; tax reports will show it as unknown';
export const UNKNOWN_DATE_NOTE = 'acquisition date unknown — tax reports will show it as unknown';

const lotsOf = (count: number, total: number) =>
  count === total ? `All ${total} lots` : `${count} of ${total} lots`;

/**
 * The preview's summary lines: lots whose basis or date the file does not give (how they are recorded), where the
 * broker's lot-level file is, how the target was set, and what each row becomes.
 */
export const importNotes = (input: {
  readonly rows: readonly Row[];
  readonly lotExport: string | null;
  readonly cash: Decimal;
  readonly targetFrom: 'positionsAndCash' | 'request';
}): string[] => {
  const { rows } = input;
  const noBasis = rows.filter((row) => row.costBasis === null).length;
  const noDate = rows.filter((row) => row.acquired === null).length;
  return [
    ...(noBasis > 0
      ? [`${lotsOf(noBasis, rows.length)} have no cost basis in the file: ${UNKNOWN_BASIS_NOTE}.`]
      : []),
    ...(noDate > 0
      ? [`${lotsOf(noDate, rows.length)} have no acquisition date in the file: ${UNKNOWN_DATE_NOTE}.`]
      : []),
    ...(noDate > 0 && input.lotExport ? [input.lotExport] : []),
    ...(input.cash.gt(0)
      ? [
          input.targetFrom === 'positionsAndCash'
            ? "The file's cash is added to the target: the cash to invest is the target minus the positions' value."
            : "The target is the amount entered: the file's cash is not added to it.",
        ]
      : []),
    'Each row becomes one tax lot. The tracking is charged what the positions are worth at the latest prices.',
  ];
};
