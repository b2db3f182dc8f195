import { type Fund, joinHoldingsWithPrices, type PriceRow, parseHoldingsCsv } from '@etf-replicator/core';
import { parseSymbolsCsv } from '@etf-replicator/core/market-data/reference-csv';
import {
  priceDateRange,
  sectorExposure,
  sortSectors,
  toSnapshotHolding,
} from '@etf-replicator/core/market-data/snapshot-content';
import type { EtfSnapshotContent, SnapshotAsOf } from '@etf-replicator/core/market-data/snapshot-event';
import type { MarketDataProvider } from '../provider';
import { BUNDLED_DATA_DIR, type BundledFiles, loadBundledFiles, readBundledText } from './bundled-files';
import { closesAsOf, collectBundledCloses } from './dated-closes';

/**
 * Holdings files that are not an issuer's list but computed from the index rule (SOURCES.md "holdings/DIA.csv
 * (derived)"): kept, with their derivation stated in the snapshot.
 */
const DERIVED_HOLDINGS: Readonly<Record<string, string>> = {
  DIA:
    'Derived from the index rule: the 30 Dow Jones Industrial Average components in price-weighted proportion, ' +
    'weights from the 2025-10-30 closes (data/etf/SOURCES.md). Cash held by the fund is not represented.',
};

const UNAVAILABLE_NOTE =
  'Holdings unavailable: the bundled snapshot has no current holdings list for this ETF (the only list found is ' +
  'from 2022 and is not used). Fund facts only.';

const description = (fund: Fund): string | null =>
  fund.indexTracked ? `${fund.name} seeks to track the ${fund.indexTracked}.` : null;

/** A dated snapshot: the closes of one date (nearest earlier per symbol), see dated-closes.ts. */
export type DatedCloses = {
  readonly asOf: string;
  readonly prices: ReadonlyMap<string, PriceRow>;
};

/**
 * Builds one ETF's snapshot content from the bundled files (pure apart from reading its holdings file). With
 * `dated`, the holdings are priced from those closes only (the holdings file's own column is already among them).
 */
export const buildBundledSnapshot = (
  files: BundledFiles,
  symbol: string,
  dated?: DatedCloses,
): EtfSnapshotContent => {
  const upper = symbol.toUpperCase();
  const fund = files.funds.get(upper);
  if (!fund) throw new Error(`The bundled snapshot has no fund facts for ${upper}`);
  const csv = files.holdingsCsv(upper);
  const holdings = (
    csv
      ? joinHoldingsWithPrices(parseHoldingsCsv(csv), dated?.prices ?? files.prices, files.aliases, {
          fallbackToHoldingPrice: dated === undefined,
        })
      : []
  ).map((holding) => toSnapshotHolding(holding, files.sectors.get(holding.symbol)?.sector ?? null));
  const holdingsAvailable = holdings.length > 0;
  const derivedNote = DERIVED_HOLDINGS[upper];
  const issuerSectors = fund.sectorsList.length > 0;
  const sectors = issuerSectors ? sortSectors(fund.sectorsList) : sectorExposure(holdings);
  const rowDates = holdings.map((holding) => holding.updated).filter((date): date is string => date !== null);
  const latestRowDate = rowDates.sort().at(-1) ?? null;
  const asOf: SnapshotAsOf = {
    facts: fund.factsAsOf,
    holdings: !holdingsAvailable ? null : (fund.holdingsAsOf ?? latestRowDate),
    holdingsDateKind: !holdingsAvailable
      ? null
      : derivedNote
        ? 'derived'
        : fund.holdingsAsOf
          ? 'as-of'
          : latestRowDate
            ? 'retrieved'
            : null,
    ...priceDateRange(holdings),
  };
  return {
    symbol: upper,
    source: {
      provider: 'bundled',
      reference: dated
        ? `data/etf, closes of ${dated.asOf} or the nearest earlier (see data/etf/SOURCES.md)`
        : 'data/etf (see data/etf/SOURCES.md)',
    },
    fund: {
      name: fund.name,
      etfCompany: fund.etfCompany,
      brand: fund.brand,
      description: description(fund),
      website: fund.website,
      assetClass: fund.assetClass,
      domicile: fund.domicile,
      expenseRatio: fund.expenseRatio,
      inceptionDate: fund.inceptionDate,
      isin: fund.isin,
      indexTracked: fund.indexTracked,
      structure: fund.structure,
      aum: fund.aum,
      sharesOutstanding: fund.sharesOutstanding,
    },
    holdingsAvailable,
    holdingsNote: holdingsAvailable ? (derivedNote ?? null) : UNAVAILABLE_NOTE,
    holdings,
    sectors,
    sectorsSource:
      sectors.length === 0
        ? null
        : issuerSectors
          ? fund.sectorsSource
          : 'sum of holding weights per GICS sector (data/etf/sectors.csv)',
    asOf,
  };
};

/**
 * The default provider: every fund in data/etf/funds.json. With `asOf` (YYYY-MM-DD) its snapshots carry the closes of
 * that date where the bundle has them, else per symbol the nearest earlier close.
 */
export const createBundledProvider = (
  dataDir: string = BUNDLED_DATA_DIR,
  options: { readonly asOf?: string } = {},
): MarketDataProvider & { listSymbols(): string[] } => {
  let files: BundledFiles | undefined;
  let dated: DatedCloses | undefined;
  const loaded = () => {
    files ??= loadBundledFiles(dataDir);
    return files;
  };
  const datedCloses = (): DatedCloses | undefined => {
    if (options.asOf === undefined) return undefined;
    dated ??= { asOf: options.asOf, prices: closesAsOf(collectBundledCloses(loaded()), options.asOf) };
    return dated;
  };
  let symbols: ReturnType<typeof parseSymbolsCsv> | undefined;
  return {
    name: 'bundled',
    listSymbols: () => [...loaded().funds.keys()],
    fetchSnapshot: async (symbol) => buildBundledSnapshot(loaded(), symbol, datedCloses()),
    searchSymbols: async (query) => {
      symbols ??= parseSymbolsCsv(readBundledText(dataDir, 'symbols.csv'), loaded().aliases);
      const upper = query.trim().toUpperCase();
      return symbols.filter((row) => row.symbol.startsWith(upper)).slice(0, 10);
    },
  };
};
