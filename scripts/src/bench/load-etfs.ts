import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  joinHoldingsWithPrices,
  type PricedHolding,
  parseHoldingsCsv,
  parsePricesCsv,
  parseTickerAliases,
} from '@etf-replicator/core';
import { parseSectorsCsv } from '@etf-replicator/core/market-data/reference-csv';

/** A holding with its GICS sector from sectors.csv (null when the file has none): exclusions match it. */
export type BenchHolding = PricedHolding & { readonly sector: string | null };
export type BundledEtf = { readonly symbol: string; readonly holdings: readonly BenchHolding[] };

/**
 * Every full holdings file (with each holding's sector) in data/etf/holdings (the `partial/` folder is not for replication), joined to
 * prices.csv through the alias table. ETFs without any priced holding are left out.
 */
export const loadBundledEtfs = (dataDir: string): BundledEtf[] => {
  const read = (path: string) => readFileSync(join(dataDir, path), 'utf8');
  const aliases = parseTickerAliases(read('ticker-aliases.csv'));
  const prices = parsePricesCsv(read('prices.csv'), aliases);
  const sectors = parseSectorsCsv(read('sectors.csv'), aliases);
  return readdirSync(join(dataDir, 'holdings'))
    .filter((file) => file.endsWith('.csv'))
    .sort()
    .map((file) => ({
      symbol: file.replace(/\.csv$/, ''),
      holdings: joinHoldingsWithPrices(parseHoldingsCsv(read(join('holdings', file))), prices, aliases).map(
        (holding) => ({ ...holding, sector: sectors.get(holding.symbol)?.sector ?? null }),
      ),
    }))
    .filter((etf) => etf.holdings.some((holding) => holding.isAvailable));
};
