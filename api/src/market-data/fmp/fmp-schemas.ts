import { z } from 'zod';

/**
 * Financial Modeling Prep "stable" API responses we read, as FMP documents them
 * (https://site.financialmodelingprep.com/developer/docs/stable). Lenient where FMP is known to vary (nulls,
 * missing optional fields), strict on what the snapshot needs: a malformed body fails here with a clear message.
 */

const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));
const optionalNumber = z
  .number()
  .finite()
  .nullish()
  .transform((value) => value ?? null);

/** GET /stable/etf/info?symbol=SPY → one-element array. */
export const fmpEtfInfoSchema = z.object({
  symbol: z.string(),
  name: optionalText,
  description: optionalText,
  isin: optionalText,
  assetClass: optionalText,
  securityCusip: optionalText,
  domicile: optionalText,
  website: optionalText,
  etfCompany: optionalText,
  /** Percent (0.0945 = 0.0945 % a year). */
  expenseRatio: optionalNumber,
  assetsUnderManagement: optionalNumber,
  inceptionDate: optionalText,
  holdingsCount: optionalNumber,
  updatedAt: optionalText,
  sectorsList: z
    .array(z.object({ industry: z.string(), exposure: z.number().finite() }))
    .nullish()
    .transform((value) => value ?? []),
});
export type FmpEtfInfo = z.infer<typeof fmpEtfInfoSchema>;

/** GET /stable/etf/holdings?symbol=SCHD → one row per holding; `asset` is FMP's ticker (dashed share classes). */
export const fmpEtfHoldingSchema = z.object({
  symbol: z.string().optional(),
  asset: optionalText,
  name: optionalText,
  isin: optionalText,
  securityCusip: optionalText,
  sharesNumber: optionalNumber,
  /** Percent of the fund. */
  weightPercentage: z.number().finite(),
  marketValue: optionalNumber,
  updatedAt: optionalText,
});
export type FmpEtfHolding = z.infer<typeof fmpEtfHoldingSchema>;

/** GET /stable/batch-quote-short?symbols=AAPL,MSFT → [{ symbol, price, change, volume }]. */
export const fmpQuoteShortSchema = z.object({
  symbol: z.string(),
  price: z.number().finite().nullable(),
  change: optionalNumber,
  volume: optionalNumber,
});
export type FmpQuoteShort = z.infer<typeof fmpQuoteShortSchema>;

/** GET /stable/search-symbol?query=ADYEN → [{ symbol, name, currency, exchangeFullName, exchange }]. */
export const fmpSearchResultSchema = z.object({
  symbol: z.string(),
  name: optionalText,
  currency: optionalText,
  exchangeFullName: optionalText,
  exchange: optionalText,
});
export type FmpSearchResult = z.infer<typeof fmpSearchResultSchema>;

/** FMP's error body, on 4xx and sometimes with status 200: { "Error Message": "Invalid API KEY. …" }. */
export const fmpErrorBodySchema = z.object({ 'Error Message': z.string() });
