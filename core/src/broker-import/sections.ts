import { type CsvLine, isBlank } from '../shared/csv-lines';
import { normalizeHeader } from './layouts';

/** A line left out before the rows are read (a total line), with the reason. */
export type SectionIgnored = {
  readonly line: number;
  readonly symbol: string | null;
  readonly reason: string;
};

/** The lines to read as one table, and the lines already left out. */
export type Sections = { readonly lines: readonly CsvLine[]; readonly ignored: readonly SectionIgnored[] };

const TOTAL_LINE = 'a total line, not a position';

/**
 * IBKR's Activity Statement CSV holds every section in one table, each line starting with its section name and the
 * row kind (`Open Positions,Header,…`, `Open Positions,Data,…`, `Open Positions,Total,…`). The Open Positions section's
 * header and data rows, without those two cells, read like any other layout; its total rows are listed as ignored.
 */
export const openPositionsSection = (lines: readonly CsvLine[]): Sections | null => {
  const section = lines.filter((line) => line.cells[0]?.trim() === 'Open Positions');
  const headerAt = section.findIndex((line) => line.cells[1]?.trim() === 'Header');
  if (headerAt < 0) return null;
  const kept: CsvLine[] = [];
  const ignored: SectionIgnored[] = [];
  section.forEach((line, at) => {
    const kind = line.cells[1]?.trim();
    if (at === headerAt || kind === 'Data') kept.push({ line: line.line, cells: line.cells.slice(2) });
    else if (kind !== 'Header') ignored.push({ line: line.line, symbol: null, reason: TOTAL_LINE });
  });
  return { lines: kept, ignored };
};

/** `AAPL Lot Details for Individual ...123 as of 04:10 PM ET, 2024/03/15`: the lots of AAPL follow. */
const LOT_DETAILS_TITLE = /^(.+?)\s+lot details\b/i;

/**
 * Schwab's lot details come one position at a time: a title line naming the symbol, the lots' header (`Open Date,
 * Quantity, Price, Cost/Share, Market Value, Cost Basis, …`), one row per lot and a `Total` line; a file may hold
 * several positions one after the other, with blank lines between them. Read as one table: the symbol of each title
 * becomes the first cell of its rows (under a `Symbol` column), repeated headers and blank lines are dropped, and
 * the total lines are listed as ignored.
 */
export const lotDetailSections = (lines: readonly CsvLine[]): Sections | null => {
  if (!lines.some((line) => LOT_DETAILS_TITLE.test(line.cells[0]?.trim() ?? ''))) return null;
  const kept: CsvLine[] = [];
  const ignored: SectionIgnored[] = [];
  let symbol: string | null = null;
  let header: string | null = null;
  for (const { line, cells } of lines) {
    const first = cells[0]?.trim() ?? '';
    const title = LOT_DETAILS_TITLE.exec(first);
    if (title) {
      symbol = title[1]?.trim() ?? null;
      continue;
    }
    if (symbol === null || isBlank(cells)) continue;
    if (header === null) {
      header = normalizeHeader(first);
      kept.push({ line, cells: ['Symbol', ...cells] });
    } else if (normalizeHeader(first) === header) {
      // The next position's header: the same columns again.
    } else if (/^totals?\b/i.test(first)) {
      ignored.push({ line, symbol: symbol.toUpperCase(), reason: TOTAL_LINE });
    } else {
      kept.push({ line, cells: [symbol, ...cells] });
    }
  }
  return { lines: kept, ignored };
};
