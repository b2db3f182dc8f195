import { readCsvLines } from '../shared/csv-lines';
import { DomainError } from '../shared/domain-error';
import type { WeightInput } from './definition';

/** 1,000 rows of "SYMBOL,12.3456" fit many times over; anything larger is not a list of stocks. */
export const MAX_CUSTOM_CSV_CHARACTERS = 100_000;

const invalid = (message: string) => new DomainError('INVALID_INDEX_CSV', 'validation', message, 'csv');

/**
 * A custom list pasted or uploaded as CSV (`symbol,weight`, header optional, blank lines skipped). Only the shape is
 * checked here; the rows then go through `checkIndexDefinition`, whose messages name the row. Errors here name
 * the line of the text.
 */
export const parseCustomListCsv = (text: string): WeightInput[] => {
  if (text.length > MAX_CUSTOM_CSV_CHARACTERS) {
    throw invalid(
      `The CSV has ${text.length.toLocaleString('en-US')} characters; at most ${MAX_CUSTOM_CSV_CHARACTERS.toLocaleString('en-US')} are read`,
    );
  }
  const read = readCsvLines(text);
  if (!read.ok) throw invalid(`Line ${read.line}: ${read.message}`);
  const rows: WeightInput[] = [];
  for (const { line, cells } of read.lines) {
    const filled = cells.map((cell) => cell.trim());
    if (filled.every((cell) => cell === '')) continue;
    if (rows.length === 0 && filled[0]?.toLowerCase() === 'symbol') continue;
    if (filled.length !== 2) {
      throw invalid(`Line ${line}: expected two columns, symbol and weight, but found ${filled.length}`);
    }
    rows.push({ symbol: filled[0] ?? '', weight: (filled[1] ?? '').replace(/%$/, '').trim() });
  }
  if (rows.length === 0) throw invalid('The CSV has no rows: write one "symbol,weight" per line');
  return rows;
};
