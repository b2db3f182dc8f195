/**
 * Minimal RFC 4180 reader for the bundled snapshot files: a header row, comma separators, optional double quotes
 * (with "" as an escaped quote), LF or CRLF line ends. Blank lines are skipped.
 */
export type CsvRecord = Readonly<Record<string, string>>;

export const parseCsv = (text: string): CsvRecord[] => {
  const rows = parseRows(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const [header, ...body] = rows;
  if (!header) return [];
  const names = header.map((name) => name.trim());
  return body.map((cells, index) => {
    if (cells.length !== names.length) {
      throw new Error(`CSV row ${index + 2}: expected ${names.length} fields, found ${cells.length}`);
    }
    return Object.fromEntries(names.map((name, column) => [name, cells[column] ?? '']));
  });
};

const parseRows = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
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
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      endRow();
    } else if (char !== '\r') {
      field += char;
    }
  }
  if (quoted) throw new Error('CSV ends inside a quoted field');
  if (field !== '' || row.length > 0) endRow();
  return rows;
};
