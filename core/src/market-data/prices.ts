import { z } from 'zod';
import { DECIMAL_STRING } from '../shared/decimal';
import { parseCsv } from './csv';
import { normaliseTicker, type TickerAliases } from './ticker';

/** One row of `data/etf/prices.csv`: the price of one canonical symbol and where it came from. */
export type PriceRow = {
  readonly symbol: string;
  readonly price: string;
  readonly asOf: string;
  readonly source: string;
};

const priceRowSchema = z.object({
  symbol: z.string().trim().min(1),
  price: z.string().trim().regex(DECIMAL_STRING, 'price must be a decimal number'),
  asOf: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'asOf must be an ISO date'),
  source: z.string().trim(),
});

/** Parses prices.csv into a map keyed by canonical symbol (aliases applied, so BRKB and BRK.B meet). */
export const parsePricesCsv = (
  csvText: string,
  aliases: TickerAliases = new Map(),
): Map<string, PriceRow> => {
  const prices = new Map<string, PriceRow>();
  parseCsv(csvText).forEach((record, index) => {
    const parsed = priceRowSchema.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`prices row ${index + 2}: ${issue?.path.join('.')}: ${issue?.message}`);
    }
    const { symbol } = normaliseTicker(parsed.data.symbol, aliases);
    if (prices.has(symbol)) throw new Error(`prices row ${index + 2}: duplicate symbol ${symbol}`);
    prices.set(symbol, { ...parsed.data, symbol });
  });
  return prices;
};
