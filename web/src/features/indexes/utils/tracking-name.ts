import { type IndexDefinition, indexLabel } from '@etf-replicator/core/indexes/definition';

/** What a tracking replicates, as every screen names it: "70 % VTI + 30 % QQQ", "My list (3 stocks)", or its ETF. */
export const trackingName = (tracking: { symbol: string; index?: IndexDefinition | undefined }): string =>
  tracking.index ? indexLabel(tracking.index) : tracking.symbol;

/** The same name from a trackings-summary row, which carries the index's label rather than its definition. */
export const summaryName = (row: { symbol: string; indexLabel?: string | undefined }): string =>
  row.indexLabel ?? row.symbol;
