import { dec, normaliseTicker, type PriceRow, parseHoldingsCsv } from '@etf-replicator/core';
import type { EtfSnapshotContent } from '@etf-replicator/core/market-data/snapshot-event';
import { z } from 'zod';
import type { BundledFiles } from './bundled-files';

/** An ISO calendar date (YYYY-MM-DD) that exists. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Not a calendar date');

/**
 * Every close the bundle knows per canonical symbol: the rows of prices.csv (mostly 2025-10-30, fallbacks on other
 * dates) and the issuers' own price columns in the holdings files (IVV 2025-11-18, QQQ 2025-09-26, IWM 2026-05-05).
 * Sorted by date; on one date prices.csv comes first.
 */
export const collectBundledCloses = (files: BundledFiles): ReadonlyMap<string, readonly PriceRow[]> => {
  const closes = new Map<string, PriceRow[]>();
  const add = (row: PriceRow) => {
    const list = closes.get(row.symbol) ?? [];
    list.push(row);
    closes.set(row.symbol, list);
  };
  for (const row of files.prices.values()) add(row);
  for (const [symbol, fund] of files.funds) {
    const csv = files.holdingsCsv(symbol);
    if (!csv) continue;
    for (const holding of parseHoldingsCsv(csv)) {
      const date = holding.updated ?? fund.holdingsAsOf;
      if (holding.price === null || !dec(holding.price).gt(0) || !date) continue;
      add({
        symbol: normaliseTicker(holding.asset, files.aliases).symbol,
        price: holding.price,
        asOf: date,
        source: `holdings-${symbol}`,
      });
    }
  }
  for (const list of closes.values()) {
    // Stable sort: on a tie the earlier source (prices.csv) stays first.
    list.sort((a, b) => (a.asOf < b.asOf ? -1 : a.asOf > b.asOf ? 1 : 0));
  }
  return closes;
};

/**
 * Per symbol the close of `asOf`, else the nearest earlier one; symbols with no close on or before `asOf` are left
 * out (their holdings stay unpriced).
 */
export const closesAsOf = (
  closes: ReadonlyMap<string, readonly PriceRow[]>,
  asOf: string,
): Map<string, PriceRow> => {
  const chosen = new Map<string, PriceRow>();
  for (const [symbol, list] of closes) {
    let pick: PriceRow | undefined;
    for (const row of list) {
      if (row.asOf > asOf) break;
      // The first row of the latest date on or before asOf (prices.csv before a holdings file).
      if (!pick || row.asOf > pick.asOf) pick = row;
    }
    if (pick) chosen.set(symbol, pick);
  }
  return chosen;
};

/** How one dated snapshot's holdings got their prices. */
export type DatedPriceCounts = {
  readonly symbol: string;
  /** Holdings priced with a close of the asked date. */
  readonly exact: number;
  /** Holdings priced with the nearest earlier close. */
  readonly earlier: number;
  /** Holdings without any close on or before the date. */
  readonly unpriced: number;
};

export const countDatedPrices = (content: EtfSnapshotContent, asOf: string): DatedPriceCounts => {
  let exact = 0;
  let earlier = 0;
  let unpriced = 0;
  for (const holding of content.holdings) {
    if (!holding.isAvailable || holding.priceAsOf === null) unpriced += 1;
    else if (holding.priceAsOf === asOf) exact += 1;
    else earlier += 1;
  }
  return { symbol: content.symbol, exact, earlier, unpriced };
};
