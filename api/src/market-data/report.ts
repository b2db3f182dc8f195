import { dec } from '@etf-replicator/core';
import type { EtfFund } from '@etf-replicator/projections/market-data/index';
import type { DatedPriceCounts } from './bundled/dated-closes';
import type { MarketImportSummary } from './import-bundled';

/** Plain-text tables for the market-data CLIs and the start-up log. */

const table = (header: readonly string[], rows: readonly (readonly string[])[]) => {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
};

export const pricedWeightShare = (fund: Pick<EtfFund, 'totalWeight' | 'pricedWeight'>): string =>
  dec(fund.totalWeight).isZero()
    ? '-'
    : `${dec(fund.pricedWeight).div(dec(fund.totalWeight)).times(100).toFixed(4)} %`;

export const formatFundsReport = (funds: readonly EtfFund[]): string =>
  table(
    ['ETF', 'holdings', 'priced', 'weight %', 'priced weight', 'holdings date', 'prices', 'facts', 'source'],
    funds.map((fund) => [
      fund.symbol,
      fund.holdingsAvailable ? String(fund.holdingsCount) : 'unavailable',
      String(fund.pricedCount),
      dec(fund.totalWeight).toFixed(2),
      pricedWeightShare(fund),
      fund.holdingsAsOf ? `${fund.holdingsAsOf} (${fund.holdingsDateKind})` : '-',
      fund.pricesFrom
        ? fund.pricesFrom === fund.pricesTo
          ? fund.pricesFrom
          : `${fund.pricesFrom}..${fund.pricesTo}`
        : '-',
      fund.factsAsOf ?? '-',
      fund.sourceProvider,
    ]),
  );

/** Per ETF of a dated import: how many holdings had a close of that date, how many fell back to an earlier one. */
export const formatDatedCounts = (asOf: string, counts: readonly DatedPriceCounts[]): string => {
  const earlier = counts.reduce((sum, row) => sum + row.earlier, 0);
  return [
    `closes as of ${asOf}: ${earlier} holding${earlier === 1 ? '' : 's'} fell back to the nearest earlier close`,
    table(
      ['ETF', `close of ${asOf}`, 'earlier close', 'no close'],
      counts.map((row) => [row.symbol, String(row.exact), String(row.earlier), String(row.unpriced)]),
    ),
  ].join('\n');
};

export const formatImportSummary = (summary: MarketImportSummary): string => {
  const reference = summary.reference.map(
    (r) => `${r.dataset} ${r.outcome}${r.rows ? ` (${r.rows} rows)` : ''}`,
  );
  const counts = new Map<string, string[]>();
  for (const snapshot of summary.snapshots) {
    counts.set(snapshot.outcome, [...(counts.get(snapshot.outcome) ?? []), snapshot.symbol]);
  }
  const snapshots = [...counts].map(([outcome, symbols]) => `${outcome}: ${symbols.join(' ')}`);
  return [
    `reference data: ${reference.join(', ')}`,
    ...(summary.dated ? [formatDatedCounts(summary.dated.asOf, summary.dated.counts)] : []),
    `snapshots: ${snapshots.join('; ')}`,
    `took ${summary.durationMs} ms`,
  ].join('\n');
};
