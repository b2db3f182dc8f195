import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

/** Reads of etf_funds / etf_holdings. Weights, prices and money come back as exact decimal strings. */

const sectorSchema = z.object({ industry: z.string(), exposure: z.string() });

export const etfFundSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  etfCompany: z.string().nullable(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  assetClass: z.string().nullable(),
  domicile: z.string().nullable(),
  /** Percent, decimal string. */
  expenseRatio: z.string().nullable(),
  inceptionDate: z.string().nullable(),
  isin: z.string().nullable(),
  indexTracked: z.string().nullable(),
  structure: z.string().nullable(),
  aum: z.string().nullable(),
  sharesOutstanding: z.string().nullable(),
  holdingsAvailable: z.boolean(),
  holdingsNote: z.string().nullable(),
  holdingsCount: z.number(),
  /** Holdings with a price. */
  pricedCount: z.number(),
  totalWeight: z.string(),
  pricedWeight: z.string(),
  /** Largest exposure first. */
  sectors: z.array(sectorSchema),
  sectorsSource: z.string().nullable(),
  factsAsOf: z.string().nullable(),
  holdingsAsOf: z.string().nullable(),
  holdingsDateKind: z.enum(['as-of', 'retrieved', 'derived']).nullable(),
  pricesFrom: z.string().nullable(),
  pricesTo: z.string().nullable(),
  sourceProvider: z.string(),
  sourceReference: z.string(),
  contentHash: z.string(),
  eventId: z.string(),
  streamRevision: z.number(),
  publishedAt: z.date(),
});
export type EtfFund = z.infer<typeof etfFundSchema>;

const fundColumns = sql.fragment`
  symbol, name, etf_company as "etfCompany", brand, description, website, asset_class as "assetClass", domicile,
  expense_ratio as "expenseRatio", inception_date as "inceptionDate", isin, index_tracked as "indexTracked",
  structure, aum, shares_outstanding as "sharesOutstanding", holdings_available as "holdingsAvailable",
  holdings_note as "holdingsNote", holdings_count as "holdingsCount", priced_count as "pricedCount",
  total_weight as "totalWeight",
  priced_weight as "pricedWeight", sectors, sectors_source as "sectorsSource", facts_as_of as "factsAsOf",
  holdings_as_of as "holdingsAsOf", holdings_date_kind as "holdingsDateKind", prices_from as "pricesFrom",
  prices_to as "pricesTo", source_provider as "sourceProvider", source_reference as "sourceReference",
  content_hash as "contentHash", event_id::text as "eventId", stream_revision as "streamRevision",
  published_at as "publishedAt"`;

export const getEtfFund = (db: CommonQueryMethods, symbol: string): Promise<EtfFund | null> =>
  db.maybeOne(sql.type(etfFundSchema)`select ${fundColumns} from etf_funds where symbol = ${symbol}`);

/** The named funds that exist, in the order asked for. */
export const getEtfFunds = async (db: CommonQueryMethods, symbols: readonly string[]): Promise<EtfFund[]> => {
  const rows = await db.any(
    sql.type(
      etfFundSchema,
    )`select ${fundColumns} from etf_funds where symbol = any(${sql.array(symbols, 'text')})`,
  );
  const bySymbol = new Map(rows.map((row) => [row.symbol, row]));
  return symbols.flatMap((symbol) => bySymbol.get(symbol) ?? []);
};

export const listEtfFunds = (db: CommonQueryMethods): Promise<readonly EtfFund[]> =>
  db.any(sql.type(etfFundSchema)`select ${fundColumns} from etf_funds order by symbol`);

export const etfHoldingSchema = z.object({
  symbol: z.string(),
  rawSymbol: z.string(),
  name: z.string(),
  weightPercentage: z.string(),
  price: z.string().nullable(),
  priceAsOf: z.string().nullable(),
  priceSource: z.string().nullable(),
  isAvailable: z.boolean(),
  sharesNumber: z.string().nullable(),
  marketValue: z.string().nullable(),
  cusip: z.string().nullable(),
  isin: z.string().nullable(),
  updated: z.string().nullable(),
  sector: z.string().nullable(),
});
export type EtfHolding = z.infer<typeof etfHoldingSchema>;

/**
 * Holdings of an ETF's latest snapshot, largest weight first (ties: symbol ascending, the engine's order).
 * `limit` cuts the list in SQL, so rows a plan may not see never leave the database.
 */
export const getEtfHoldings = (
  db: CommonQueryMethods,
  etfSymbol: string,
  { limit }: { limit?: number } = {},
): Promise<readonly EtfHolding[]> =>
  db.any(sql.type(etfHoldingSchema)`
    select symbol, raw_symbol as "rawSymbol", name, weight_percentage as "weightPercentage", price,
           price_as_of as "priceAsOf", price_source as "priceSource", is_available as "isAvailable",
           shares_number as "sharesNumber", market_value as "marketValue", cusip, isin, updated, sector
      from etf_holdings where etf_symbol = ${etfSymbol}
     order by weight_percentage desc, symbol
     ${limit === undefined ? sql.fragment`` : sql.fragment`limit ${limit}`}`);

/** Weights of an ETF's holdings, largest first: what plan caps (coverage) are computed from. */
export const getEtfWeights = (db: CommonQueryMethods, etfSymbol: string): Promise<readonly string[]> =>
  db.anyFirst(
    sql.type(z.object({ w: z.string() }))`
      select weight_percentage as w from etf_holdings where etf_symbol = ${etfSymbol}
       order by weight_percentage desc, symbol`,
  );

/** Latest snapshot revision per ETF the read model has seen (a starting hint for reading etf-{SYMBOL} streams). */
export const getLatestSnapshotRevisions = async (db: CommonQueryMethods): Promise<Map<string, number>> => {
  const rows = await db.any(
    sql.type(z.object({ symbol: z.string(), revision: z.number() }))`
      select etf_symbol as symbol, max(stream_revision) as revision from etf_snapshots group by etf_symbol`,
  );
  return new Map(rows.map((row) => [row.symbol, row.revision]));
};

/** Content hashes of every snapshot an ETF's stream published (the start-up import skips content seen before). */
export const getPublishedContentHashes = (
  db: CommonQueryMethods,
  etfSymbol: string,
): Promise<readonly string[]> =>
  db.anyFirst(
    sql.type(z.object({ hash: z.string() }))`
      select content_hash as hash from etf_snapshots where etf_symbol = ${etfSymbol.toUpperCase()}`,
  );
