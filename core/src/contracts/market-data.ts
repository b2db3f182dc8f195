import { z } from 'zod';

/**
 * Market-data contract (spec 2 §3 "ETF info", "ETF holding", "Autocomplete suggestion"; §7 the /api/etf,
 * /api/stock and /api/details calls), shared by the API (validation, answers) and the web client (parsing).
 * Weights, prices, share counts and money are decimal strings. The spec shows numbers for two fields, and those
 * stay numbers: ETF info `expenseRatio` (percent) and sector `exposure` (percent; a numeric string in the free
 * demo, as the spec says). `holdingsCount` is a count.
 */

/** A ticker as typed: letters, digits and share-class separators, at most 15 characters. */
export const SYMBOL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.\-/]{0,14}$/;
/** A ticker in a command body (orders, trackings): required, and no longer than a ticker can be. */
export const tickerInputSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .regex(
    SYMBOL_PATTERN,
    'must be a ticker symbol such as AAPL (at most 15 letters, digits, ".", "-" or "/")',
  );

/** What autocomplete accepts: letters, digits, spaces and the punctuation of company names. */
export const AUTOCOMPLETE_QUERY_PATTERN = /^[\p{L}\p{N} .,&'\-/()]+$/u;
export const AUTOCOMPLETE_QUERY_MAX_LENGTH = 50;
export const AUTOCOMPLETE_LIMIT = 10;
/** Rows the signed-out demo shows (spec 2 §9: 3 holdings, 3 sectors). */
export const DEMO_TOP_HOLDINGS = 3;
export const DEMO_TOP_SECTORS = 3;
/** etf-holdings: how many holdings the ETF has in total, when the plan lets the caller see fewer. */
export const HOLDINGS_TOTAL_COUNT_HEADER = 'x-total-count';

/** "Invalid etfSymbol: is required" rather than zod's "expected string, received undefined". */
const requiredString = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') });

export const symbolSchema = requiredString()
  .trim()
  .regex(SYMBOL_PATTERN, 'must be a ticker symbol such as VOO')
  .transform((value) => value.toUpperCase());

export const etfSymbolQuerySchema = z.object({ etfSymbol: symbolSchema });

export const MAX_RECOMMENDED_SYMBOLS = 50;
export const etfSymbolListQuerySchema = z.object({
  etfSymbol: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.split(',').map((symbol) => symbol.trim()) : undefined))
    .pipe(z.array(symbolSchema).min(1).max(MAX_RECOMMENDED_SYMBOLS).optional()),
});

export const autocompleteQuerySchema = z.object({
  query: requiredString()
    .trim()
    .min(1, 'must not be empty')
    .max(AUTOCOMPLETE_QUERY_MAX_LENGTH, `must be at most ${AUTOCOMPLETE_QUERY_MAX_LENGTH} characters`)
    .regex(AUTOCOMPLETE_QUERY_PATTERN, "may contain letters, digits, spaces and . , & ' - / ( ) only"),
});

/**
 * A recommended ETF: symbol and name (spec 2 §3), and whether it can be replicated with our market data (issue 32:
 * LEAD has no current holdings list, so the list must not offer Replicate for it) with the reason when not.
 */
export const recommendedEtfSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  replicable: z.boolean(),
  /** Why the ETF cannot be replicated; null when it can. */
  unavailableReason: z.string().nullable(),
});
export type RecommendedEtf = z.infer<typeof recommendedEtfSchema>;

export const etfHoldingResponseSchema = z.object({
  /** Canonical ticker. */
  asset: z.string(),
  name: z.string(),
  isin: z.string().nullable(),
  cusip: z.string().nullable(),
  sharesNumber: z.string().nullable(),
  /** Percent of the fund, decimal string. */
  weightPercentage: z.string(),
  /** Decimal string, or null (then isAvailable is false and the engine leaves the holding out). */
  price: z.string().nullable(),
  marketValue: z.string().nullable(),
  updated: z.string().nullable(),
  isAvailable: z.boolean(),
  /** GICS sector where a source gives one (beyond the spec: the sector-exposure chart needs it). */
  sector: z.string().nullable().optional(),
});
export type EtfHoldingResponse = z.infer<typeof etfHoldingResponseSchema>;

/** GET /api/etf/etf-price-history?etfSymbol=&from=: daily closes (adjusted), oldest first. */
export const etfPriceHistoryQuerySchema = z.object({
  etfSymbol: symbolSchema,
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
    .optional(),
});
export const etfPricePointSchema = z.object({ date: z.string(), close: z.string() });

const asOfSchema = z.object({
  facts: z.string().nullable(),
  holdings: z.string().nullable(),
  holdingsDateKind: z.enum(['as-of', 'retrieved', 'derived']).nullable(),
  pricesFrom: z.string().nullable(),
  pricesTo: z.string().nullable(),
});

const etfInfoFields = {
  symbol: z.string(),
  name: z.string(),
  etfCompany: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  assetClass: z.string().nullable(),
  domicile: z.string().nullable(),
  /** Percent a year (0.03 = 0.03 %), a number as in the spec. */
  expenseRatio: z.number().nullable(),
  inceptionDate: z.string().nullable(),
  isin: z.string().nullable(),
  /** Holdings in the snapshot; null when holdings are unavailable. */
  holdingsCount: z.number().int().nullable(),
  /** False: the snapshot has no holdings list for this ETF (facts only); etf-holdings answers 404 for it. */
  holdingsAvailable: z.boolean(),
  holdingsNote: z.string().nullable(),
  asOf: asOfSchema,
};

export const etfInfoResponseSchema = z.object({
  ...etfInfoFields,
  /** Largest exposure first. */
  sectorsList: z.array(z.object({ industry: z.string(), exposure: z.number() })),
});
export type EtfInfoResponse = z.infer<typeof etfInfoResponseSchema>;

/** The signed-out demo's ETF info: the top 3 sectors, exposure as a numeric string (spec 2 §3). */
export const etfInfoFreeResponseSchema = z.object({
  ...etfInfoFields,
  sectorsList: z.array(z.object({ industry: z.string(), exposure: z.string() })).max(DEMO_TOP_SECTORS),
});
export type EtfInfoFreeResponse = z.infer<typeof etfInfoFreeResponseSchema>;

/**
 * An autocomplete suggestion (spec 2 §3: symbol, name). Issue 15: the wizard may replicate only ETFs whose holdings
 * the snapshot lists; other symbols are still suggested (after those) with the reason they cannot be replicated.
 */
export const symbolSuggestionSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  replicable: z.boolean(),
  /** Why the symbol cannot be replicated; null when it can. */
  unavailableReason: z.string().nullable(),
});
export type SymbolSuggestion = z.infer<typeof symbolSuggestionSchema>;
export const freeSymbolSuggestionSchema = z.object({ symbol: z.string() });

export const stockQuoteResponseSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.string().nullable(),
  priceAsOf: z.string().nullable(),
  priceSource: z.string().nullable(),
});
export type StockQuoteResponse = z.infer<typeof stockQuoteResponseSchema>;

export const marketDataMessages = {
  unknownEtf: (symbol: string) => `Unknown ETF symbol: ${symbol}`,
  unknownEtfs: (symbols: readonly string[]) => `Unknown ETF symbols: ${symbols.join(', ')}`,
  unknownSymbol: (symbol: string) => `Unknown symbol: ${symbol}`,
  holdingsUnavailable: (symbol: string) =>
    `Holdings of ${symbol} are unavailable: the market data snapshot has no current holdings list for this ETF.`,
  demoRateLimited: (after: string) => `Too many demo requests. Please try again in ${after}.`,
  /** Autocomplete reasons (issue 15): a stock or fund we have no ETF data for, an ETF without a holdings list. */
  notAnEtf: 'Not an ETF we have data for',
  noHoldingsList: 'No holdings list for this ETF in our market data yet',
  noHoldingPrices: 'No prices for its holdings in our market data yet',
} as const;

/**
 * Whether a fund's latest snapshot can be replicated: it lists holdings and at least one of them has a price (the
 * replicate and create calls refuse the first; without prices the engine buys nothing). Null: it can.
 */
export const unreplicableReason = (fund: {
  holdingsAvailable: boolean;
  holdingsCount: number;
  pricedCount: number;
}): string | null =>
  !fund.holdingsAvailable || fund.holdingsCount === 0
    ? marketDataMessages.noHoldingsList
    : fund.pricedCount === 0
      ? marketDataMessages.noHoldingPrices
      : null;
