import { normaliseTicker, type TickerAliases } from '../market-data/ticker';
import type { Decimal } from '../shared/decimal';
import { parseCellDate, parseCellNumber } from './cell-values';
import type { ColumnIndex } from './layouts';

/** One position row of the file: it becomes one tax lot. `costBasis` is the row's total cost. */
export type ImportedRow = {
  readonly line: number;
  readonly symbol: string;
  readonly shares: Decimal;
  /** Null when the file gives none: the basis is unknown. */
  readonly costBasis: Decimal | null;
  /** ISO date, or null when the file has none: the date is unknown. */
  readonly acquired: string | null;
};

export type LineError = { readonly line: number; readonly message: string };

export type ReadOptions = { readonly today?: string | undefined; readonly aliases: TickerAliases };

export const cellAt = (cells: readonly string[], index: number | null): string =>
  index === null ? '' : (cells[index] ?? '').trim();

const fail = (line: number, message: string): LineError => ({ line, message: `Line ${line}: ${message}` });

/**
 * The project's ticker form (core/src/market-data/ticker.ts): the aliases' canonical symbol, upper case. Schwab
 * writes share classes with a slash (BRK/B); one not among the aliases still gets the dotted form (BRK.B).
 */
export const normaliseSymbol = (raw: string, aliases: TickerAliases): string =>
  normaliseTicker(raw, aliases).symbol.replace(/^([A-Z]+)\/([A-Z])$/, '$1.$2');

export const readRow = (
  line: number,
  cells: readonly string[],
  columns: ColumnIndex,
  options: ReadOptions,
): ImportedRow | LineError => {
  const rawSymbol = cellAt(cells, columns.symbol);
  if (rawSymbol === '') return fail(line, 'the symbol is missing');
  const symbol = normaliseSymbol(rawSymbol, options.aliases);
  if (columns.shares !== null && columns.shares >= cells.length)
    return fail(line, `has ${cells.length} fields, too few for the header's columns`);
  const sharesCell = cellAt(cells, columns.shares);
  const shares = parseCellNumber(sharesCell);
  if (!shares.ok || shares.value === null)
    return fail(line, `quantity "${sharesCell}" of ${symbol} is not a number`);
  if (shares.value.isNegative())
    return fail(line, `quantity of ${symbol} is negative (a short position cannot be imported)`);
  const cost = costOf(cells, columns, shares.value);
  if (cost === 'invalid') return fail(line, `cost basis of ${symbol} is not a number`);
  if (cost?.isNegative()) return fail(line, `cost basis of ${symbol} is negative`);
  const acquiredCell = cellAt(cells, columns.acquired);
  const acquired = parseCellDate(acquiredCell);
  if (!acquired.ok)
    return fail(line, `acquired date "${acquiredCell}" of ${symbol} is not a date (use YYYY-MM-DD)`);
  if (acquired.value !== null && options.today !== undefined && acquired.value > options.today)
    return fail(line, `acquired date ${acquired.value} of ${symbol} is in the future`);
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

/**
 * What a cash or money market row holds: its market value, else its quantity (cash and money market funds are worth
 * $1.00 a unit, and the plain form writes `CASH,120.50`); null when the file gives neither.
 */
export const readCashAmount = (
  line: number,
  cells: readonly string[],
  columns: ColumnIndex,
  label: string,
): { readonly amount: Decimal | null } | LineError => {
  for (const column of [columns.value, columns.shares]) {
    const text = cellAt(cells, column);
    const amount = parseCellNumber(text);
    if (!amount.ok) return fail(line, `amount "${text}" of ${label} is not a number`);
    if (amount.value !== null) return { amount: amount.value };
  }
  return { amount: null };
};
