/**
 * CSV for spreadsheets and brokers: RFC 4180 quoting (a cell with a comma, quote or line break is quoted, quotes
 * doubled), CRLF line ends, and formula-injection safety: a text cell starting with = + - @ (or a tab or CR) gets a
 * leading apostrophe so that a spreadsheet shows it instead of evaluating it. Numbers (decimal strings) are written
 * as they are: a negative amount stays a number.
 */
export type CsvCell = { readonly text: string } | { readonly number: string } | string;

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

export const csvCell = (cell: CsvCell): string => {
  const isNumber = typeof cell === 'object' && 'number' in cell;
  const raw = typeof cell === 'string' ? cell : 'text' in cell ? cell.text : cell.number;
  if (isNumber && !NUMBER.test(raw)) throw new Error(`not a decimal string: ${raw}`);
  const safe = !isNumber && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const toCsv = (rows: readonly (readonly CsvCell[])[]): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + (rows.length > 0 ? '\r\n' : '');
