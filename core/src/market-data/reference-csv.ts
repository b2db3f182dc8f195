import { z } from 'zod';
import { DECIMAL_STRING } from '../shared/decimal';
import { parseCsv } from './csv';
import { normaliseTicker, type TickerAliases } from './ticker';

/** Parsers for the bundled reference files that are not per-ETF: symbols.csv, sectors.csv and history/<ETF>.csv. */

export type SymbolRow = { readonly symbol: string; readonly name: string };
export type SectorRow = {
  readonly symbol: string;
  readonly sector: string;
  readonly industry: string | null;
};
export type ClosePoint = { readonly date: string; readonly close: string };

const rowError = (file: string, index: number, error: z.ZodError) => {
  const issue = error.issues[0];
  return new Error(`${file} row ${index + 2}: ${issue?.path.join('.')}: ${issue?.message}`);
};

const symbolRowSchema = z.object({ symbol: z.string().trim().min(1), name: z.string().trim() });

/** symbols.csv (symbol,name): the NASDAQ Trader directory, canonical dotted tickers. First occurrence wins. */
export const parseSymbolsCsv = (csvText: string, aliases: TickerAliases = new Map()): SymbolRow[] => {
  const seen = new Set<string>();
  const rows: SymbolRow[] = [];
  parseCsv(csvText).forEach((record, index) => {
    const parsed = symbolRowSchema.safeParse(record);
    if (!parsed.success) throw rowError('symbols.csv', index, parsed.error);
    const { symbol } = normaliseTicker(parsed.data.symbol, aliases);
    if (seen.has(symbol)) return;
    seen.add(symbol);
    rows.push({ symbol, name: parsed.data.name });
  });
  return rows;
};

const sectorRowSchema = z.object({
  symbol: z.string().trim().min(1),
  sector: z.string().trim().min(1),
  industry: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value)),
});

/** sectors.csv (symbol,sector,industry,source) keyed by canonical symbol. */
export const parseSectorsCsv = (
  csvText: string,
  aliases: TickerAliases = new Map(),
): Map<string, SectorRow> => {
  const sectors = new Map<string, SectorRow>();
  parseCsv(csvText).forEach((record, index) => {
    const parsed = sectorRowSchema.safeParse(record);
    if (!parsed.success) throw rowError('sectors.csv', index, parsed.error);
    const { symbol } = normaliseTicker(parsed.data.symbol, aliases);
    if (!sectors.has(symbol)) sectors.set(symbol, { ...parsed.data, symbol });
  });
  return sectors;
};

const closeSchema = z.object({
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be an ISO date'),
  close: z.string().trim().regex(DECIMAL_STRING, 'close must be a decimal number'),
});

/** history/<ETF>.csv (date,close): adjusted daily closes, oldest first, kept verbatim as decimal strings. */
export const parsePriceHistoryCsv = (csvText: string, file = 'history'): ClosePoint[] =>
  parseCsv(csvText).map((record, index) => {
    const parsed = closeSchema.safeParse(record);
    if (!parsed.success) throw rowError(file, index, parsed.error);
    return parsed.data;
  });
