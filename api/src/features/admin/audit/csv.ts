/**
 * RFC 4180 CSV: a cell with a comma, a quote, a carriage return or a line feed is quoted, quotes doubled. A text
 * cell that a spreadsheet would run as a formula (=, +, -, @, tab) gets a leading apostrophe; numbers are left alone.
 */
export const csvCell = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Rows joined with CRLF, as RFC 4180 has it, ending with a line break. */
export const toCsv = (rows: readonly (readonly (string | number | null | undefined)[])[]): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + (rows.length ? '\r\n' : '');
