import { dec } from '../shared/decimal';
import type { HoldingRow } from './holdings';
import type { PriceRow } from './prices';
import { normaliseTicker, type TickerAliases } from './ticker';

/** A holding with the price the app uses. Unpriced holdings stay in the list with `isAvailable: false`. */
export type PricedHolding = HoldingRow & {
  /** Canonical symbol (aliases applied). */
  readonly symbol: string;
  /** Ticker as the holdings file wrote it. */
  readonly rawSymbol: string;
  /** Decimal string, or null when no source has a positive price. */
  readonly price: string | null;
  readonly isAvailable: boolean;
  readonly priceAsOf: string | null;
  /** `prices.csv` source tag, 'holdings-file' for the issuer's own column, or null. */
  readonly priceSource: string | null;
};

export type JoinOptions = {
  /**
   * Use the holdings file's own price column when prices.csv has no row for the symbol (default true). prices.csv
   * wins otherwise, so every fund is priced from one close where possible.
   */
  readonly fallbackToHoldingPrice?: boolean;
};

/**
 * Joins holdings to prices by canonical ticker. Order is kept; nothing is dropped. Two rows that normalise to the
 * same symbol are a data error (their weights would need a decision), so they throw.
 */
export const joinHoldingsWithPrices = (
  holdings: readonly HoldingRow[],
  prices: ReadonlyMap<string, PriceRow>,
  aliases: TickerAliases,
  options: JoinOptions = {},
): PricedHolding[] => {
  const fallback = options.fallbackToHoldingPrice ?? true;
  const seen = new Map<string, string>();
  return holdings.map((holding) => {
    const { symbol, rawSymbol } = normaliseTicker(holding.asset, aliases);
    const earlier = seen.get(symbol);
    if (earlier !== undefined) throw new Error(`holdings ${earlier} and ${rawSymbol} are both ${symbol}`);
    seen.set(symbol, rawSymbol);
    const row = prices.get(symbol);
    if (row && dec(row.price).gt(0)) {
      return {
        ...holding,
        symbol,
        rawSymbol,
        price: row.price,
        isAvailable: true,
        priceAsOf: row.asOf,
        priceSource: row.source,
      };
    }
    if (fallback && holding.price !== null && dec(holding.price).gt(0)) {
      return {
        ...holding,
        symbol,
        rawSymbol,
        price: holding.price,
        isAvailable: true,
        priceAsOf: holding.updated,
        priceSource: 'holdings-file',
      };
    }
    return {
      ...holding,
      symbol,
      rawSymbol,
      price: null,
      isAvailable: false,
      priceAsOf: null,
      priceSource: null,
    };
  });
};
