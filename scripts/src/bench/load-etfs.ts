import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  joinHoldingsWithPrices,
  type PricedHolding,
  parseHoldingsCsv,
  parsePricesCsv,
  parseTickerAliases,
} from '@etf-replicator/core';

export type BundledEtf = { readonly symbol: string; readonly holdings: readonly PricedHolding[] };

/**
 * Every full holdings file in data/etf/holdings (the `partial/` folder is not for replication), joined to
 * prices.csv through the alias table. ETFs without any priced holding are left out.
 */
export const loadBundledEtfs = (dataDir: string): BundledEtf[] => {
  const read = (path: string) => readFileSync(join(dataDir, path), 'utf8');
  const aliases = parseTickerAliases(read('ticker-aliases.csv'));
  const prices = parsePricesCsv(read('prices.csv'), aliases);
  return readdirSync(join(dataDir, 'holdings'))
    .filter((file) => file.endsWith('.csv'))
    .sort()
    .map((file) => ({
      symbol: file.replace(/\.csv$/, ''),
      holdings: joinHoldingsWithPrices(parseHoldingsCsv(read(join('holdings', file))), prices, aliases),
    }))
    .filter((etf) => etf.holdings.some((holding) => holding.isAvailable));
};
