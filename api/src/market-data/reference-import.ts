import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parsePricesCsv, parseTickerAliases } from '@etf-replicator/core';
import { parsePriceHistoryCsv, parseSymbolsCsv } from '@etf-replicator/core/market-data/reference-csv';
import type { Database } from '@etf-replicator/projections';
import {
  analyzeReferenceTables,
  getReferenceDatasetHash,
  lockReferenceDataset,
  type ReferenceDataset,
  recordReferenceDataset,
  replacePriceHistory,
  replaceSymbolAliases,
  replaceSymbolPrices,
  replaceSymbols,
} from '@etf-replicator/projections/market-data/index';
import type { DatabaseTransactionConnection } from 'slonik';
import { readBundledText } from './bundled/bundled-files';

/**
 * Loads the reference datasets (symbol universe, alias table, price table, ETF price history) from data/etf into
 * their tables. Deliberately not through the event log: they are bulk lookup data (~12k symbols, ~60k daily
 * closes) that no command decides from, and every price a user acts on is already copied into an
 * EtfSnapshotPublished event; logging them would only make replays and rebuilds slower. A dataset is replaced
 * as a whole in one transaction, and skipped when the hash of its files (and of this loader's version) is unchanged.
 */
const LOADER_VERSION = 'reference-v1';

export type ReferenceImportResult = {
  readonly dataset: ReferenceDataset;
  readonly outcome: 'loaded' | 'unchanged';
  readonly rows: number;
};

type DatasetLoader = {
  readonly dataset: ReferenceDataset;
  readonly files: (dataDir: string) => string[];
  readonly load: (tx: DatabaseTransactionConnection, texts: ReadonlyMap<string, string>) => Promise<number>;
};

const aliasesOf = (texts: ReadonlyMap<string, string>) =>
  parseTickerAliases(texts.get('ticker-aliases.csv') ?? '');

const loaders: readonly DatasetLoader[] = [
  {
    dataset: 'aliases',
    files: () => ['ticker-aliases.csv'],
    load: async (tx, texts) => {
      const aliases = aliasesOf(texts);
      await replaceSymbolAliases(tx, aliases);
      return aliases.size;
    },
  },
  {
    dataset: 'symbols',
    files: () => ['symbols.csv', 'ticker-aliases.csv'],
    load: async (tx, texts) => {
      const rows = parseSymbolsCsv(texts.get('symbols.csv') ?? '', aliasesOf(texts));
      await replaceSymbols(tx, rows);
      return rows.length;
    },
  },
  {
    dataset: 'prices',
    files: () => ['prices.csv', 'ticker-aliases.csv'],
    load: async (tx, texts) => {
      const rows = [...parsePricesCsv(texts.get('prices.csv') ?? '', aliasesOf(texts)).values()];
      await replaceSymbolPrices(tx, rows);
      return rows.length;
    },
  },
  {
    dataset: 'price-history',
    files: (dataDir) =>
      readdirSync(path.join(dataDir, 'history'))
        .filter((file) => file.endsWith('.csv'))
        .sort()
        .map((file) => path.join('history', file)),
    load: async (tx, texts) => {
      const rows = [...texts].flatMap(([file, text]) => {
        const symbol = path.basename(file, '.csv').toUpperCase();
        return parsePriceHistoryCsv(text, file).map((point) => ({ symbol, ...point }));
      });
      await replacePriceHistory(tx, rows);
      return rows.length;
    },
  },
];

const hashOf = (texts: ReadonlyMap<string, string>) => {
  const hash = createHash('sha256').update(LOADER_VERSION);
  for (const [file, text] of texts) hash.update(`\u0000${file}\u0000`).update(text);
  return `sha256:${hash.digest('hex')}`;
};

export const importReferenceData = async (
  db: Database,
  dataDir: string,
): Promise<ReferenceImportResult[]> => {
  const results: ReferenceImportResult[] = [];
  for (const loader of loaders) {
    const texts = new Map(loader.files(dataDir).map((file) => [file, readBundledText(dataDir, file)]));
    const contentHash = hashOf(texts);
    if ((await getReferenceDatasetHash(db.pool, loader.dataset)) === contentHash) {
      results.push({ dataset: loader.dataset, outcome: 'unchanged', rows: 0 });
      continue;
    }
    const rows = await db.pool.transaction(async (tx) => {
      await lockReferenceDataset(tx, loader.dataset);
      if ((await getReferenceDatasetHash(tx, loader.dataset)) === contentHash) return null;
      const count = await loader.load(tx, texts);
      await recordReferenceDataset(tx, loader.dataset, contentHash, count);
      return count;
    });
    results.push(
      rows === null
        ? { dataset: loader.dataset, outcome: 'unchanged', rows: 0 }
        : { dataset: loader.dataset, outcome: 'loaded', rows },
    );
  }
  if (results.some((result) => result.outcome === 'loaded')) await analyzeReferenceTables(db.pool);
  return results;
};
