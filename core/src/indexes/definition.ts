import { z } from 'zod';
import { SYMBOL_PATTERN } from '../contracts/market-data';
import { D, type Decimal, dec, sumDecimals, toDecimalString } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';

/**
 * A tracking's target index (issue 30): one ETF (what every tracking was before), a blend of ETFs, or the investor's
 * own list. Stored in events as written here: symbols upper case, weights canonical decimal strings. The rules a
 * definition must obey are checked once, by `checkIndexDefinition`, before any event exists.
 */
const symbol = z.string().min(1);
const weight = z.string().regex(/^\d+(\.\d+)?$/, 'expected a decimal string');
const weighted = z.object({ symbol, weight });

export const etfIndexSchema = z.object({ type: z.literal('etf'), symbol });
export const blendIndexSchema = z.object({ type: z.literal('blend'), parts: z.array(weighted).min(1) });
export const customIndexSchema = z.object({ type: z.literal('custom'), holdings: z.array(weighted).min(1) });
export const indexDefinitionSchema = z.discriminatedUnion('type', [
  etfIndexSchema,
  blendIndexSchema,
  customIndexSchema,
]);
export type IndexDefinition = z.infer<typeof indexDefinitionSchema>;
export type BlendIndex = z.infer<typeof blendIndexSchema>;
export type CustomIndex = z.infer<typeof customIndexSchema>;
export type WeightedSymbol = z.infer<typeof weighted>;

export const MIN_BLEND_PARTS = 2;
export const MAX_BLEND_PARTS = 10;
export const MAX_CUSTOM_HOLDINGS = 1000;
export const MAX_WEIGHT_DECIMALS = 4;

export const etfIndex = (etf: string): IndexDefinition => ({ type: 'etf', symbol: etf });

/** Whether the definition needs a paid plan (blends and custom lists do; one ETF does not). */
export const needsPaidPlan = (definition: IndexDefinition): boolean => definition.type !== 'etf';

/** A definition as a client sends it: weights as numbers or strings, symbols in any case. */
export type IndexDefinitionInput =
  | { readonly type: 'etf'; readonly symbol: string }
  | { readonly type: 'blend'; readonly parts: readonly WeightInput[] }
  | { readonly type: 'custom'; readonly holdings: readonly WeightInput[] };
export type WeightInput = { readonly symbol: string; readonly weight: string | number };

const invalid = (message: string, field: string) =>
  new DomainError('INVALID_INDEX', 'validation', message, field);

const readSymbol = (raw: string, where: string, field: string): string => {
  const text = raw.trim();
  if (!SYMBOL_PATTERN.test(text)) {
    throw invalid(`${where}: "${raw}" is not a ticker symbol such as AAPL`, field);
  }
  return text.toUpperCase();
};

/** > 0, ≤ 100, at most 4 decimals; the message names the row. */
const readWeight = (raw: string | number, where: string, field: string): Decimal => {
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : raw.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) throw invalid(`${where}: the weight must be a number such as 12.5`, field);
  const value = dec(text);
  if (value.decimalPlaces() > MAX_WEIGHT_DECIMALS) {
    throw invalid(`${where}: the weight may have at most ${MAX_WEIGHT_DECIMALS} decimals`, field);
  }
  if (value.lte(0)) throw invalid(`${where}: the weight must be greater than 0`, field);
  if (value.gt(100)) throw invalid(`${where}: the weight must be at most 100`, field);
  return value;
};

/** Rows with symbols and weights read and checked; a symbol named twice is refused with both rows. */
const readRows = (
  rows: readonly WeightInput[],
  label: string,
  field: string,
): { symbol: string; weight: Decimal }[] => {
  const firstRow = new Map<string, number>();
  return rows.map((row, i) => {
    const where = `${label} ${i + 1}`;
    const text = typeof row.symbol === 'string' ? row.symbol : '';
    const read = readSymbol(text, where, `${field}.${i}.symbol`);
    const first = firstRow.get(read);
    if (first !== undefined) {
      throw invalid(
        `${where} (${read}): ${read} is already on ${label.toLowerCase()} ${first}`,
        `${field}.${i}`,
      );
    }
    firstRow.set(read, i + 1);
    return { symbol: read, weight: readWeight(row.weight, `${where} (${read})`, `${field}.${i}.weight`) };
  });
};

/**
 * The definition as it will be stored, or a 400 naming the row: a blend has 2–10 distinct ETFs whose weights add
 * up to exactly 100; a custom list has 1–1,000 distinct symbols, normalised to 100 % (weight × 100 / Σ weights).
 */
export const checkIndexDefinition = (input: IndexDefinitionInput): IndexDefinition => {
  if (input.type === 'etf') return etfIndex(readSymbol(input.symbol, 'The ETF', 'index.symbol'));
  if (input.type === 'blend') {
    if (input.parts.length < MIN_BLEND_PARTS || input.parts.length > MAX_BLEND_PARTS) {
      throw invalid(
        `A blend has ${MIN_BLEND_PARTS} to ${MAX_BLEND_PARTS} ETFs; this one has ${input.parts.length}`,
        'index.parts',
      );
    }
    const parts = readRows(input.parts, 'Part', 'index.parts');
    const total = sumDecimals(parts.map((part) => part.weight));
    if (!total.eq(100)) {
      throw invalid(`The blend's weights add up to ${toDecimalString(total)} %, not 100 %`, 'index.parts');
    }
    return { type: 'blend', parts: parts.map(toStored) };
  }
  if (input.holdings.length < 1 || input.holdings.length > MAX_CUSTOM_HOLDINGS) {
    throw invalid(
      `A list has 1 to ${MAX_CUSTOM_HOLDINGS.toLocaleString('en-US')} symbols; this one has ${input.holdings.length}`,
      'index.holdings',
    );
  }
  const rows = readRows(input.holdings, 'Row', 'index.holdings');
  const total = sumDecimals(rows.map((row) => row.weight));
  const hundred = new D(100);
  return {
    type: 'custom',
    holdings: rows.map((row) => toStored({ symbol: row.symbol, weight: row.weight.mul(hundred).div(total) })),
  };
};

const toStored = ({ symbol: name, weight: value }: { symbol: string; weight: Decimal }): WeightedSymbol => ({
  symbol: name,
  weight: toDecimalString(value),
});

/** The ETFs whose snapshots the definition reads (a custom list reads none; its prices come from the market data). */
export const indexEtfs = (definition: IndexDefinition): string[] =>
  definition.type === 'etf'
    ? [definition.symbol]
    : definition.type === 'blend'
      ? definition.parts.map((part) => part.symbol)
      : [];

/** "VOO", "70 % VTI + 30 % QQQ", "My list (50 stocks)": how the index is named wherever the ETF symbol was. */
export const indexLabel = (definition: IndexDefinition): string => {
  if (definition.type === 'etf') return definition.symbol;
  if (definition.type === 'blend') {
    return definition.parts.map((part) => `${part.weight} % ${part.symbol}`).join(' + ');
  }
  const count = definition.holdings.length;
  return `My list (${count} ${count === 1 ? 'stock' : 'stocks'})`;
};

export const sameIndex = (a: IndexDefinition, b: IndexDefinition): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
