import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Classification } from '@etf-replicator/core';
import { parseSectorsCsv } from '@etf-replicator/core/market-data/reference-csv';
import { parseTickerAliases } from '@etf-replicator/core/market-data/ticker';
import type { TrackingSnapshot } from './tracking-view-types';

/**
 * The bundled GICS classification (data/etf/sectors.csv: sector, and the sub-industry of S&P 500 names), read once.
 * ETF snapshots carry a sector but no industry, so industry exclusions (issue 30) read the industry from here: it is
 * reference data, like the symbol directory, and the same file the market data's sectors come from.
 */
const DATA_DIR = fileURLToPath(new URL('../../../data/etf', import.meta.url));

let classification: ReadonlyMap<string, Classification> | undefined;
export const bundledClassification = (): ReadonlyMap<string, Classification> => {
  if (!classification) {
    const read = (file: string) => readFileSync(path.join(DATA_DIR, file), 'utf8');
    // Without the bundled files (a deployment that ships none) nothing is classified, and the panel says so.
    const rows = existsSync(path.join(DATA_DIR, 'sectors.csv'))
      ? parseSectorsCsv(read('sectors.csv'), parseTickerAliases(read('ticker-aliases.csv')))
      : new Map();
    classification = new Map(
      [...rows].map(([symbol, row]) => [symbol, { sector: row.sector, industry: row.industry }]),
    );
  }
  return classification;
};

let industries: readonly string[] | undefined;
/** Every industry of the classification, sorted: what an industry exclusion may name. */
export const knownIndustries = (): readonly string[] => {
  if (!industries) {
    const names = new Set<string>();
    for (const { industry } of bundledClassification().values()) if (industry) names.add(industry);
    industries = [...names].sort();
  }
  return industries;
};

/** A snapshot's holdings array is shared by every tracking of its ETF (sources.ts): it is classified once. */
const classifiedByHoldings = new WeakMap<object, TrackingSnapshot['holdings']>();

/** The snapshot with each holding's industry from the classification (where the holding has none). */
export const withIndustries = (snapshot: TrackingSnapshot): TrackingSnapshot => {
  let holdings = classifiedByHoldings.get(snapshot.holdings);
  if (!holdings) {
    const known = bundledClassification();
    holdings = snapshot.holdings.map((holding) => {
      const industry = holding.industry ?? known.get(holding.symbol)?.industry ?? null;
      return industry === (holding.industry ?? null) ? holding : { ...holding, industry };
    });
    classifiedByHoldings.set(snapshot.holdings, holdings);
  }
  return { ...snapshot, holdings };
};
