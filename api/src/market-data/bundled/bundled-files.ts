import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Fund,
  type PriceRow,
  parseFunds,
  parsePricesCsv,
  parseTickerAliases,
  type TickerAliases,
} from '@etf-replicator/core';
import { parseSectorsCsv, type SectorRow } from '@etf-replicator/core/market-data/reference-csv';

/** The bundled snapshot in the repository (data/etf, documented in its SOURCES.md). */
export const BUNDLED_DATA_DIR = fileURLToPath(new URL('../../../../data/etf', import.meta.url));

export type BundledFiles = {
  readonly dataDir: string;
  readonly funds: ReadonlyMap<string, Fund>;
  readonly aliases: TickerAliases;
  readonly prices: ReadonlyMap<string, PriceRow>;
  readonly sectors: ReadonlyMap<string, SectorRow>;
  /** The full holdings CSV of an ETF (holdings/<SYMBOL>.csv), or null. Files under holdings/partial never count. */
  readonly holdingsCsv: (symbol: string) => string | null;
};

export const readBundledText = (dataDir: string, file: string): string =>
  readFileSync(path.join(dataDir, file), 'utf8');

/** Reads and parses the per-ETF inputs once; holdings files are read on demand. */
export const loadBundledFiles = (dataDir: string = BUNDLED_DATA_DIR): BundledFiles => {
  if (!existsSync(path.join(dataDir, 'funds.json'))) {
    throw new Error(`No bundled market data at ${dataDir} (funds.json is missing)`);
  }
  const read = (file: string) => readBundledText(dataDir, file);
  const aliases = parseTickerAliases(read('ticker-aliases.csv'));
  return {
    dataDir,
    funds: new Map(parseFunds(read('funds.json')).map((fund) => [fund.symbol.toUpperCase(), fund])),
    aliases,
    prices: parsePricesCsv(read('prices.csv'), aliases),
    sectors: parseSectorsCsv(read('sectors.csv'), aliases),
    holdingsCsv: (symbol) => {
      const file = path.join(dataDir, 'holdings', `${symbol}.csv`);
      return existsSync(file) ? readFileSync(file, 'utf8') : null;
    },
  };
};
