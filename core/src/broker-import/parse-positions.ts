import { type CsvLine, isBlank, readCsvLines } from '../shared/csv-lines';
import { type Decimal, ZERO } from '../shared/decimal';
import { parseCellDate, parseCellNumber } from './cell-values';
import { BROKER_LAYOUTS, type BrokerLayout, type ColumnIndex, matchLayout } from './layouts';

/** One position row of the file: it becomes one tax lot. `costBasis` is the row's total cost. */
export type ImportedRow = {
  readonly line: number;
  readonly symbol: string;
  readonly shares: Decimal;
  readonly costBasis: Decimal | null;
  /** ISO date, or null when the file has none. */
  readonly acquired: string | null;
};

export type IgnoredRow = { readonly line: number; readonly symbol: string | null; readonly reason: string };
export type LineError = { readonly line: number; readonly message: string };

export type ParsedPositions =
  | {
      readonly ok: true;
      readonly layout: { readonly id: BrokerLayout['id']; readonly name: string };
      readonly rows: readonly ImportedRow[];
      readonly ignored: readonly IgnoredRow[];
    }
  | { readonly ok: false; readonly errors: readonly LineError[] };

/** How far into the file the header row may be (Schwab and E*TRADE put account lines before it). */
const HEADER_SEARCH_LINES = 20;

const MONEY_MARKET = new Set([
  'SPAXX',
  'FDRXX',
  'FZFXX',
  'SPRXX',
  'FCASH',
  'CORE',
  'SWVXX',
  'SNVXX',
  'SNOXX',
  'SNSXX',
  'VMFXX',
  'VMMXX',
  'VUSXX',
  'VMRXX',
]);
const STOCK_TYPES_SCHWAB = /^(equity|equities|etfs? (&|and) closed end funds|etfs?|stocks?)$/i;
const TICKER = /^[A-Z0-9][A-Z0-9.\-/]{0,11}$/;
const NOT_FOUND_MESSAGE =
  'No positions header found: expected the header row of a Schwab, Fidelity, Vanguard, Interactive Brokers or E*TRADE positions export, or "symbol,shares[,costBasis,acquired]"';

const cellAt = (cells: readonly string[], index: number | null): string =>
  index === null ? '' : (cells[index] ?? '').trim();

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
    },
    headerAt: lines.indexOf(first) - 1,
  };
};

/**
 * IBKR's Activity Statement CSV holds every section in one table, each line starting with its section name and the
 * row kind (`Open Positions,Header,…`, `Open Positions,Data,…`, `Open Positions,Total,…`). The Open Positions section's
 * header and data rows, without those two cells, read like any other layout; its total rows are listed as ignored.
 */
const openPositionsSection = (lines: readonly CsvLine[]) => {
  const section = lines.filter((line) => line.cells[0]?.trim() === 'Open Positions');
  const headerAt = section.findIndex((line) => line.cells[1]?.trim() === 'Header');
  if (headerAt < 0) return null;
  const kept: CsvLine[] = [];
  const totals: IgnoredRow[] = [];
  section.forEach((line, at) => {
    const kind = line.cells[1]?.trim();
    if (at === headerAt || kind === 'Data') kept.push({ line: line.line, cells: line.cells.slice(2) });
    else if (kind !== 'Header')
      totals.push({ line: line.line, symbol: null, reason: 'a total line, not a position' });
  });
  return { lines: kept, totals };
};

/** Why a row is not a position to import, or null when it is one. */
const ignoreReason = (symbol: string, type: string, description: string, layout: BrokerLayout) => {
  const upper = symbol.toUpperCase();
  if (/^(account )?totals?\b/i.test(symbol) || (symbol === '' && /^totals?\b/i.test(description)))
    return 'a total line, not a position';
  if (/pending activity/i.test(symbol)) return 'pending activity, not a position';
  if (
    /^cash\b/i.test(symbol) ||
    upper.endsWith('**') ||
    MONEY_MARKET.has(upper) ||
    /cash|money market/i.test(type) ||
    /money market/i.test(description)
  )
    return 'cash or a money market fund: kept as cash, not as a position';
  if (layout.id === 'ibkr' && type !== '' && !['STK', 'STOCKS'].includes(type.toUpperCase()))
    return `not a stock or ETF (asset class ${type})`;
  if (layout.id === 'schwab' && type !== '' && !STOCK_TYPES_SCHWAB.test(type))
    return `not a stock or ETF (${type})`;
  if (symbol !== '' && !TICKER.test(upper)) return 'not a stock symbol (an option or another security)';
  return null;
};

/**
 * Reads a broker's positions export (or the plain `symbol,shares[,costBasis,acquired]` form): finds the header
 * row, reads every position row up to the first blank line (what follows — disclaimers, a transactions section — is
 * not positions), lists the rows it leaves out with the reason (totals, cash and money market funds, options, zero
 * quantities) and reports every broken line by its number. Each row is one lot: a symbol on several rows (several
 * accounts, several purchases) is several lots of one position, so duplicates are kept, not merged away.
 * `today` (ISO date): an acquired date after it is an error.
 */
export const parsePositions = (text: string, options: { today?: string } = {}): ParsedPositions => {
  const csv = readCsvLines(text);
  if (!csv.ok) return { ok: false, errors: [{ line: csv.line, message: csv.message }] };
  const statement = openPositionsSection(csv.lines);
  const read = { lines: statement?.lines ?? csv.lines };
  const found = findHeader(read.lines) ?? headerless(read.lines);
  if (!found) return { ok: false, errors: [{ line: 1, message: NOT_FOUND_MESSAGE }] };
  const { layout, columns, headerAt } = found;
  const body: CsvLine[] = [];
  for (const line of read.lines.slice(headerAt + 1)) {
    if (isBlank(line.cells)) {
      if (body.length > 0) break;
      continue;
    }
    body.push(line);
  }
  const hasLots =
    columns.levelOfDetail !== null &&
    body.some((line) => cellAt(line.cells, columns.levelOfDetail).toUpperCase() === 'LOT');
  const rows: ImportedRow[] = [];
  const ignored: IgnoredRow[] = [...(statement?.totals ?? [])];
  const errors: LineError[] = [];
  for (const { line, cells } of body) {
    const symbol = cellAt(cells, columns.symbol);
    const reason = ignoreReason(
      symbol,
      cellAt(cells, columns.type),
      cellAt(cells, columns.description),
      layout,
    );
    if (reason) {
      ignored.push({ line, symbol: symbol === '' ? null : symbol.toUpperCase(), reason });
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
    const row = readRow(line, cells, columns, options.today);
    if ('message' in row) errors.push(row);
    else if (row.shares.isZero()) ignored.push({ line, symbol: row.symbol, reason: 'no shares held' });
    else rows.push(row);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0 && ignored.length === 0)
    return {
      ok: false,
      errors: [{ line: (read.lines[headerAt]?.line ?? 0) + 1, message: 'The file has no position rows' }],
    };
  ignored.sort((a, b) => a.line - b.line);
  return { ok: true, layout: { id: layout.id, name: layout.name }, rows, ignored };
};

const readRow = (
  line: number,
  cells: readonly string[],
  columns: ColumnIndex,
  today: string | undefined,
): ImportedRow | LineError => {
  const fail = (message: string): LineError => ({ line, message: `Line ${line}: ${message}` });
  const symbol = cellAt(cells, columns.symbol).toUpperCase();
  if (symbol === '') return fail('the symbol is missing');
  if (columns.shares !== null && columns.shares >= cells.length)
    return fail(`has ${cells.length} fields, too few for the header's columns`);
  const sharesCell = cellAt(cells, columns.shares);
  const shares = parseCellNumber(sharesCell);
  if (!shares.ok || shares.value === null)
    return fail(`quantity "${sharesCell}" of ${symbol} is not a number`);
  if (shares.value.isNegative())
    return fail(`quantity of ${symbol} is negative (a short position cannot be imported)`);
  const cost = costOf(cells, columns, shares.value);
  if (cost === 'invalid') return fail(`cost basis of ${symbol} is not a number`);
  if (cost?.isNegative()) return fail(`cost basis of ${symbol} is negative`);
  const acquiredCell = cellAt(cells, columns.acquired);
  const acquired = parseCellDate(acquiredCell);
  if (!acquired.ok)
    return fail(`acquired date "${acquiredCell}" of ${symbol} is not a date (use YYYY-MM-DD)`);
  if (acquired.value !== null && today !== undefined && acquired.value > today)
    return fail(`acquired date ${acquired.value} of ${symbol} is in the future`);
  return { line, symbol, shares: shares.value, costBasis: cost, acquired: acquired.value };
};

/** The row's total cost: the total column, else cost per share × shares; null when the file gives neither. */
const costOf = (
  cells: readonly string[],
  columns: ColumnIndex,
  shares: Decimal,
): Decimal | null | 'invalid' => {
  const total = parseCellNumber(cellAt(cells, columns.costTotal));
  if (!total.ok) return 'invalid';
  if (total.value !== null) return total.value;
  const perShare = parseCellNumber(cellAt(cells, columns.costPerShare));
  if (!perShare.ok) return 'invalid';
  return perShare.value === null ? null : perShare.value.mul(shares);
};

/** Total shares per symbol over the rows (the position the lots add up to). */
export const sharesBySymbol = (rows: readonly ImportedRow[]): Map<string, Decimal> => {
  const totals = new Map<string, Decimal>();
  for (const row of rows) totals.set(row.symbol, (totals.get(row.symbol) ?? ZERO).add(row.shares));
  return totals;
};
