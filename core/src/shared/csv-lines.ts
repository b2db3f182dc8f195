/**
 * CSV records with the line each starts on (1-based), for broker exports and the bundled market data: RFC 4180 quoting ("" escapes a quote,
 * quoted fields may hold commas and line breaks), LF or CRLF, a leading BOM dropped. Blank lines are kept (as one
 * empty cell) because a blank line ends a broker's positions table. An unterminated quote is reported with the line
 * its field started on.
 */
export type CsvLine = { readonly line: number; readonly cells: readonly string[] };

export type CsvLinesResult =
  | { readonly ok: true; readonly lines: readonly CsvLine[] }
  | { readonly ok: false; readonly line: number; readonly message: string };

export const readCsvLines = (input: string): CsvLinesResult => {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const lines: CsvLine[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  const endRecord = () => {
    cells.push(field);
    lines.push({ line: recordLine, cells });
    cells = [];
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      cells.push(field);
      field = '';
    } else if (char === '\r' && (text[i + 1] === '\n' || i + 1 === text.length)) {
      // CRLF: the LF ends the record (a final lone CR ends the text)
    } else if (char === '\n') {
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) return { ok: false, line: quoteLine, message: 'a quoted field is never closed' };
  if (field !== '' || cells.length > 0) endRecord();
  return { ok: true, lines };
};

/** A record with no content: a blank line, or only empty cells. */
export const isBlank = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');
