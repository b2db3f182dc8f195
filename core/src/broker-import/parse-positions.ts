import type { TickerAliases } from '../market-data/ticker';
import { type CsvLine, isBlank, readCsvLines } from '../shared/csv-lines';
import { type Decimal, ZERO } from '../shared/decimal';
import { parseCellNumber } from './cell-values';
import { CASH_REASONS, classifyRow } from './classify-row';
import { BROKER_LAYOUTS, type BrokerLayout, type ColumnIndex, matchLayout } from './layouts';
import { cellAt, type ImportedRow, type LineError, readCashAmount, readRow } from './read-row';
import { lotDetailSections, openPositionsSection } from './sections';

export type { ImportedRow, LineError } from './read-row';

/** A row left out, with the reason; a cash row also carries the amount it holds (counted as cash to invest). */
export type IgnoredRow = {
  readonly line: number;
  readonly symbol: string | null;
  readonly reason: string;
  readonly amount?: Decimal;
};

export type ParsedPositions =
  | {
      readonly ok: true;
      readonly layout: {
        readonly id: BrokerLayout['id'];
        readonly name: string;
        /** For a file without purchase dates: the broker's lot-level export to use instead (a sentence). */
        readonly lotExport: string | null;
      };
      readonly rows: readonly ImportedRow[];
      readonly ignored: readonly IgnoredRow[];
      /** Cash and money market rows' amounts added up (exact): money the investor holds besides the positions. */
      readonly cash: Decimal;
    }
  | { readonly ok: false; readonly errors: readonly LineError[] };

/** How far into the file the header row may be (Schwab and E*TRADE put account lines before it). */
const HEADER_SEARCH_LINES = 20;
const NOT_FOUND_MESSAGE =
  'No positions header found: expected the header row of a Schwab, Fidelity, Vanguard, Interactive Brokers or E*TRADE positions or lots export, or "symbol,shares[,costBasis,acquired]"';
const NO_ALIASES: TickerAliases = new Map();

type Found = { layout: BrokerLayout; columns: ColumnIndex; headerAt: number };

const findHeader = (lines: readonly CsvLine[]): Found | null => {
  for (const [at, { cells }] of lines.slice(0, HEADER_SEARCH_LINES).entries()) {
    for (const layout of BROKER_LAYOUTS) {
      const columns = matchLayout(layout, cells);
      if (columns) return { layout, columns, headerAt: at };
    }
  }
  return null;
};

/** The plain form without a header: `AAPL,10[,1500,2023-01-15]` from the first line on. */
const headerless = (lines: readonly CsvLine[]): Found | null => {
  const first = lines.find((line) => !isBlank(line.cells));
  if (!first || first.cells.length < 2 || first.cells.length > 4) return null;
  const shares = parseCellNumber(first.cells[1] ?? '');
  if (!shares.ok || shares.value === null) return null;
  const plain = BROKER_LAYOUTS.find((layout) => layout.id === 'plain') as BrokerLayout;
  return {
    layout: plain,
    columns: {
      symbol: 0,
      shares: 1,
      costTotal: 2,
      costPerShare: null,
      acquired: 3,
      type: null,
      description: null,
      levelOfDetail: null,
      value: null,
    },
    headerAt: lines.indexOf(first) - 1,
  };
};

/** The header's table: every row up to the first blank line (what follows is disclaimers or another table). */
const tableBody = (lines: readonly CsvLine[], headerAt: number): CsvLine[] => {
  const body: CsvLine[] = [];
  for (const line of lines.slice(headerAt + 1)) {
    if (isBlank(line.cells)) {
      if (body.length > 0) break;
      continue;
    }
    body.push(line);
  }
  return body;
};

/**
 * Reads a broker's positions or lots export (or the plain `symbol,shares[,costBasis,acquired]` form): finds the
 * header row, reads every row up to the first blank line (what follows — disclaimers, a transactions section — is
 * not positions), adds up the cash and money market rows (cash to invest), lists the rows it leaves out with the
 * reason (totals, cash, options, zero quantities) and reports every broken line by its number. Each row is one lot:
 * a symbol on several rows (several accounts, several purchases) is several lots of one position, so duplicates are
 * kept, not merged away. Symbols take the project's ticker form (`aliases`, BRK/B → BRK.B).
 * `today` (ISO date): an acquired date after it is an error.
 */
export const parsePositions = (
  text: string,
  options: { today?: string; aliases?: TickerAliases } = {},
): ParsedPositions => {
  const csv = readCsvLines(text);
  if (!csv.ok) return { ok: false, errors: [{ line: csv.line, message: csv.message }] };
  const sections = openPositionsSection(csv.lines) ?? lotDetailSections(csv.lines);
  const lines = sections?.lines ?? csv.lines;
  const found = findHeader(lines) ?? headerless(lines);
  if (!found) return { ok: false, errors: [{ line: 1, message: NOT_FOUND_MESSAGE }] };
  const { layout, columns, headerAt } = found;
  const read = { today: options.today, aliases: options.aliases ?? NO_ALIASES };
  const body = tableBody(lines, headerAt);
  const hasLots =
    columns.levelOfDetail !== null &&
    body.some((line) => cellAt(line.cells, columns.levelOfDetail).toUpperCase() === 'LOT');
  const rows: ImportedRow[] = [];
  const ignored: IgnoredRow[] = [...(sections?.ignored ?? [])];
  const errors: LineError[] = [];
  let cash = ZERO;
  for (const { line, cells } of body) {
    const symbol = cellAt(cells, columns.symbol);
    const kind = classifyRow(symbol, cellAt(cells, columns.type), cellAt(cells, columns.description), layout);
    const shown = symbol === '' ? null : symbol.toUpperCase();
    if (kind.kind === 'ignored') {
      ignored.push({ line, symbol: shown, reason: kind.reason });
      continue;
    }
    if (kind.kind === 'cash') {
      const held = readCashAmount(line, cells, columns, shown ?? 'the cash row');
      if ('message' in held) errors.push(held);
      else if (held.amount === null) ignored.push({ line, symbol: shown, reason: CASH_REASONS.noAmount });
      else if (held.amount.isNegative())
        ignored.push({ line, symbol: shown, reason: CASH_REASONS.negative, amount: held.amount });
      else {
        cash = cash.add(held.amount);
        ignored.push({ line, symbol: shown, reason: CASH_REASONS.counted, amount: held.amount });
      }
      continue;
    }
    if (hasLots && cellAt(cells, columns.levelOfDetail).toUpperCase() !== 'LOT') {
      ignored.push({
        line,
        symbol: symbol.toUpperCase(),
        reason: 'a summary of the lots listed on their own lines',
      });
      continue;
    }
    const row = readRow(line, cells, columns, read);
    if ('message' in row) errors.push(row);
    else if (row.shares.isZero()) ignored.push({ line, symbol: row.symbol, reason: 'no shares held' });
    else rows.push(row);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0 && ignored.length === 0)
    return {
      ok: false,
      errors: [{ line: (lines[headerAt]?.line ?? 0) + 1, message: 'The file has no position rows' }],
    };
  ignored.sort((a, b) => a.line - b.line);
  const lotExport = columns.acquired === null ? (layout.lotExport ?? null) : null;
  return { ok: true, layout: { id: layout.id, name: layout.name, lotExport }, rows, ignored, cash };
};

/** Total shares per symbol over the rows (the position the lots add up to). */
export const sharesBySymbol = (rows: readonly ImportedRow[]): Map<string, Decimal> => {
  const totals = new Map<string, Decimal>();
  for (const row of rows) totals.set(row.symbol, (totals.get(row.symbol) ?? ZERO).add(row.shares));
  return totals;
};
