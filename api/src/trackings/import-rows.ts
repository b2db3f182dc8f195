import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Decimal, parseTickerAliases, type TickerAliases, ZERO } from '@etf-replicator/core';
import { parseCellDate, parseCellNumber } from '@etf-replicator/core/broker-import/cell-values';
import { parsePositions } from '@etf-replicator/core/broker-import/parse-positions';
import { normaliseSymbol } from '@etf-replicator/core/broker-import/read-row';
import type { ImportPreview, ImportRow } from '@etf-replicator/core/contracts/broker-import';
import { HttpError } from '../http/http-error';
import { BUNDLED_DATA_DIR, readBundledText } from '../market-data/bundled/bundled-files';

export type ImportSource = { readonly csv: string } | { readonly rows: readonly ImportRow[] };

/** One lot to import; null basis or date: the file does not know it (tax reports show it as unknown). */
export type Row = {
  readonly line: number | null;
  readonly symbol: string;
  readonly shares: Decimal;
  readonly costBasis: Decimal | null;
  readonly acquired: string | null;
};
export type Ignored = ImportPreview['ignored'][number];

export type ReadRows = {
  readonly rows: Row[];
  readonly ignored: Ignored[];
  readonly source: ImportPreview['source'];
  /** The cash and money market rows of the file, added up (zero for JSON rows). */
  readonly cash: Decimal;
  /** For a broker file without purchase dates: its lot-level export (a sentence for the preview). */
  readonly lotExport: string | null;
};

const MAX_LISTED_ERRORS = 10;

/** Every broken line in one 400: "Line 7: …; Line 9: …" (the first ten, then how many more). */
const lineErrors = (messages: readonly string[]) => {
  const listed = messages.slice(0, MAX_LISTED_ERRORS).join('; ');
  const more =
    messages.length > MAX_LISTED_ERRORS ? ` (and ${messages.length - MAX_LISTED_ERRORS} more)` : '';
  return new HttpError(400, `Nothing was imported. ${listed}${more}`);
};

let aliases: TickerAliases | undefined;
/** The bundled ticker aliases (BRK/B → BRK.B), read once; none when the data folder is not there. */
const tickerAliases = (): TickerAliases => {
  aliases ??= existsSync(path.join(BUNDLED_DATA_DIR, 'ticker-aliases.csv'))
    ? parseTickerAliases(readBundledText(BUNDLED_DATA_DIR, 'ticker-aliases.csv'))
    : new Map();
  return aliases;
};

/** The lots of a broker file or of JSON rows, what was left out and why, and the file's cash. */
export const readRows = (source: ImportSource, today: string): ReadRows => {
  if ('csv' in source) {
    const parsed = parsePositions(source.csv, { today, aliases: tickerAliases() });
    if (!parsed.ok) throw lineErrors(parsed.errors.map((error) => error.message));
    return {
      rows: parsed.rows.map((row) => ({ ...row })),
      ignored: parsed.ignored.map(({ amount, ...row }) => ({
        ...row,
        ...(amount === undefined ? {} : { amount: amount.toFixed() }),
      })),
      source: { id: parsed.layout.id, name: parsed.layout.name },
      cash: parsed.cash,
      lotExport: parsed.layout.lotExport,
    };
  }
  const errors: string[] = [];
  const rows: Row[] = [];
  for (const [index, row] of source.rows.entries()) {
    const checked = checkJsonRow(row, today);
    if (typeof checked === 'string') errors.push(`Row ${index + 1}: ${checked}`);
    else rows.push(checked);
  }
  if (errors.length > 0) throw lineErrors(errors);
  return { rows, ignored: [], source: { id: 'json', name: 'rows' }, cash: ZERO, lotExport: null };
};

/** A JSON row as a lot, or what is wrong with it. */
const checkJsonRow = (row: ImportRow, today: string): Row | string => {
  const symbol = normaliseSymbol(row.symbol.trim().toUpperCase(), tickerAliases());
  const shares = parseCellNumber(String(row.shares));
  const cost = parseCellNumber(row.costBasis == null ? '' : String(row.costBasis));
  const acquired = parseCellDate(row.acquired ?? '');
  if (!shares.ok || shares.value === null || !shares.value.gt(ZERO))
    return `shares of ${symbol} must be a number greater than 0`;
  if (!cost.ok || cost.value?.isNegative()) return `cost basis of ${symbol} must be a number of at least 0`;
  if (!acquired.ok) return `acquired date of ${symbol} must be YYYY-MM-DD`;
  if (acquired.value !== null && acquired.value > today) return `acquired date of ${symbol} is in the future`;
  return { line: null, symbol, shares: shares.value, costBasis: cost.value, acquired: acquired.value };
};

/** File rows by line; rows without a line (JSON rows) after them, in their order. */
export const byLine = (a: Ignored, b: Ignored): number =>
  (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER);
