import { D, normaliseTicker, type TickerAliases } from '@etf-replicator/core';
import type { SectorRow } from '@etf-replicator/core/market-data/reference-csv';
import { priceDateRange, sortSectors } from '@etf-replicator/core/market-data/snapshot-content';
import type { EtfSnapshotContent, SnapshotHolding } from '@etf-replicator/core/market-data/snapshot-event';
import { z } from 'zod';
import type { MarketDataProvider } from '../provider';
import { FMP_DEFAULT_BASE_URL, type FmpClient, FmpError } from './fmp-client';
import {
  type FmpEtfHolding,
  type FmpEtfInfo,
  fmpEtfHoldingSchema,
  fmpEtfInfoSchema,
  fmpQuoteShortSchema,
  fmpSearchResultSchema,
} from './fmp-schemas';

export type FmpProviderOptions = {
  readonly client: FmpClient;
  /** The bundled alias table: FMP writes BRK-B, we store BRK.B. */
  readonly aliases: TickerAliases;
  /** GICS sectors per canonical symbol (the bundled sectors.csv), for each holding's `sector`. */
  readonly sectors?: ReadonlyMap<string, SectorRow>;
  readonly baseUrl?: string;
  /** Today, for the quotes' price date (FMP's short quote carries none). */
  readonly today?: () => string;
};

const QUOTE_BATCH = 100;
/** JSON numbers become decimal strings here, once, through decimal.js (no float arithmetic afterwards). */
const decimal = (value: number) => new D(value).toFixed();
const isoDate = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

/**
 * Financial Modeling Prep → snapshot content: etf/info for the facts and sectors, etf/holdings for the holdings,
 * batch-quote-short for their prices (a holding without a quote gets marketValue / sharesNumber when FMP gives
 * both, else no price and isAvailable false), search-symbol when info has no name.
 */
export const createFmpProvider = ({
  client,
  aliases,
  sectors = new Map(),
  baseUrl = FMP_DEFAULT_BASE_URL,
  today = () => new Date().toISOString().slice(0, 10),
}: FmpProviderOptions): MarketDataProvider => {
  const searchSymbols = async (query: string) =>
    (await client.get('/stable/search-symbol', { query }, z.array(fmpSearchResultSchema))).map((row) => ({
      symbol: row.symbol,
      name: row.name ?? row.symbol,
    }));

  const quotes = async (tickers: readonly string[]) => {
    const prices = new Map<string, string>();
    for (let start = 0; start < tickers.length; start += QUOTE_BATCH) {
      const symbols = tickers.slice(start, start + QUOTE_BATCH).join(',');
      const rows = await client.get('/stable/batch-quote-short', { symbols }, z.array(fmpQuoteShortSchema));
      for (const row of rows) {
        if (row.price !== null && row.price > 0) prices.set(row.symbol.toUpperCase(), decimal(row.price));
      }
    }
    return prices;
  };

  return {
    name: 'fmp',
    searchSymbols,
    fetchSnapshot: async (symbol) => {
      const upper = symbol.toUpperCase();
      const [info] = await client.get('/stable/etf/info', { symbol: upper }, z.array(fmpEtfInfoSchema));
      if (!info) throw new FmpError('http', `FMP has no ETF info for ${upper}`);
      const name =
        info.name ?? (await searchSymbols(upper)).find((row) => row.symbol === upper)?.name ?? upper;
      const rows = await client.get('/stable/etf/holdings', { symbol: upper }, z.array(fmpEtfHoldingSchema));
      const { holdings, notes } = mapHoldings(rows, aliases, sectors);
      const prices = await quotes([...new Set(holdings.map((h) => h.rawSymbol.toUpperCase()))]);
      const priceDate = today();
      const priced = holdings.map((holding) =>
        withPrice(holding, prices.get(holding.rawSymbol.toUpperCase()), priceDate),
      );
      return toContent(upper, info, name, priced, notes, baseUrl);
    },
  };
};

const mapHoldings = (
  rows: readonly FmpEtfHolding[],
  aliases: TickerAliases,
  sectors: ReadonlyMap<string, SectorRow>,
) => {
  const seen = new Set<string>();
  let withoutTicker = 0;
  let duplicates = 0;
  const holdings: SnapshotHolding[] = [];
  for (const row of rows) {
    if (!row.asset) {
      withoutTicker += 1;
      continue;
    }
    const { symbol, rawSymbol } = normaliseTicker(row.asset, aliases);
    if (seen.has(symbol)) {
      duplicates += 1;
      continue;
    }
    seen.add(symbol);
    holdings.push({
      symbol,
      rawSymbol,
      name: row.name ?? symbol,
      weightPercentage: decimal(row.weightPercentage),
      price: null,
      priceAsOf: null,
      priceSource: null,
      isAvailable: false,
      sharesNumber: row.sharesNumber === null ? null : decimal(row.sharesNumber),
      marketValue: row.marketValue === null ? null : decimal(row.marketValue),
      cusip: row.securityCusip,
      isin: row.isin,
      updated: isoDate(row.updatedAt),
      sector: sectors.get(symbol)?.sector ?? null,
    });
  }
  const notes = [
    withoutTicker > 0
      ? `${withoutTicker} FMP rows without a ticker (cash, derivatives) are not listed.`
      : null,
    duplicates > 0
      ? `${duplicates} FMP rows repeating a ticker are not listed (the first one is kept).`
      : null,
  ].filter((note): note is string => note !== null);
  return { holdings, notes };
};

const withPrice = (holding: SnapshotHolding, quote: string | undefined, date: string): SnapshotHolding => {
  if (quote)
    return {
      ...holding,
      price: quote,
      priceAsOf: date,
      priceSource: 'fmp:batch-quote-short',
      isAvailable: true,
    };
  if (
    holding.marketValue &&
    holding.sharesNumber &&
    new D(holding.sharesNumber).gt(0) &&
    new D(holding.marketValue).gt(0)
  ) {
    return {
      ...holding,
      price: new D(holding.marketValue).div(holding.sharesNumber).toDecimalPlaces(6).toFixed(),
      priceAsOf: holding.updated,
      priceSource: 'fmp:derived (marketValue / sharesNumber)',
      isAvailable: true,
    };
  }
  return holding;
};

const toContent = (
  symbol: string,
  info: FmpEtfInfo,
  name: string,
  holdings: readonly SnapshotHolding[],
  notes: readonly string[],
  baseUrl: string,
): EtfSnapshotContent => {
  const holdingsAvailable = holdings.length > 0;
  const sectors = sortSectors(
    info.sectorsList.map((s) => ({ industry: s.industry, exposure: decimal(s.exposure) })),
  );
  const holdingDates = holdings
    .map((h) => h.updated)
    .filter((d): d is string => d !== null)
    .sort();
  return {
    symbol,
    source: { provider: 'fmp', reference: `${baseUrl.replace(/\/$/, '')}/stable` },
    fund: {
      name,
      etfCompany: info.etfCompany,
      brand: null,
      description: info.description,
      website: info.website,
      assetClass: info.assetClass,
      domicile: info.domicile,
      expenseRatio: info.expenseRatio === null ? null : decimal(info.expenseRatio),
      inceptionDate: isoDate(info.inceptionDate),
      isin: info.isin,
      indexTracked: null,
      structure: null,
      aum: info.assetsUnderManagement === null ? null : decimal(info.assetsUnderManagement),
      sharesOutstanding: null,
    },
    holdingsAvailable,
    holdingsNote: holdingsAvailable
      ? notes.length > 0
        ? notes.join(' ')
        : null
      : `Holdings unavailable: FMP returned no holdings for ${symbol}. Fund facts only.`,
    holdings: [...holdings],
    sectors,
    sectorsSource: sectors.length > 0 ? 'FMP etf/info sectorsList' : null,
    asOf: {
      facts: isoDate(info.updatedAt),
      holdings: holdingDates.at(-1) ?? null,
      holdingsDateKind: holdingDates.length > 0 ? 'as-of' : null,
      ...priceDateRange(holdings),
    },
  };
};
