import { readCsvLines } from '../shared/csv-lines';

/**
 * The bundled snapshot files as records: a header row, then one record per non-blank line, keyed by the header's
 * (trimmed) names. Quoting, CRLF and a BOM as `readCsvLines` reads them; a row with the wrong number of fields or an
 * unclosed quote throws, naming the line.
 */
export type CsvRecord = Readonly<Record<string, string>>;

export const parseCsv = (text: string): CsvRecord[] => {
  const read = readCsvLines(text);
  if (!read.ok) throw new Error(`CSV line ${read.line}: ${read.message}`);
  const [header, ...body] = read.lines.filter(({ cells }) => cells.length > 1 || cells[0] !== '');
  if (!header) return [];
  const names = header.cells.map((name) => name.trim());
  return body.map(({ line, cells }) => {
    if (cells.length !== names.length) {
      throw new Error(`CSV line ${line}: expected ${names.length} fields, found ${cells.length}`);
    }
    return Object.fromEntries(names.map((name, column) => [name, cells[column] ?? '']));
  });
};
