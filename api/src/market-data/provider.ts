import type { EtfSnapshotContent } from '@etf-replicator/core/market-data/snapshot-event';

/**
 * The market-data port: where ETF snapshots come from. Two adapters: the bundled files in data/etf (default) and
 * Financial Modeling Prep (FMP_API_KEY). Adapters only read; publishing to the log is the importer's job.
 */
export type MarketDataProvider = {
  readonly name: 'bundled' | 'fmp';
  /** The complete content of one ETF's snapshot. Throws a clear error when the source cannot give one. */
  fetchSnapshot(symbol: string): Promise<EtfSnapshotContent>;
  /** Symbol search (symbol + name) at the source. */
  searchSymbols(query: string): Promise<readonly { symbol: string; name: string }[]>;
};
