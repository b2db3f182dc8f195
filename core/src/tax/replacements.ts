import type { Decimal } from '../shared/decimal';
import { sameIssuer } from './share-classes';

/** One stock of the ETF's latest snapshot, as the replacement search needs it. */
export type EtfStock = {
  readonly symbol: string;
  readonly name: string | null;
  readonly sector: string | null;
  /** Percent of the ETF. */
  readonly weight: Decimal;
  readonly price: Decimal | null;
};

export const MAX_REPLACEMENTS = 3;

/**
 * Up to three stocks that can stand in for `symbol` after it is sold at a loss: from the same ETF and the same
 * sector, priced, not held in the tracking, never a share class of the same company; the closest weight first
 * (ties: symbol). None when the ETF no longer lists `symbol` or its sector is unknown.
 */
export const replacementsFor = (
  symbol: string,
  stocks: readonly EtfStock[],
  held: ReadonlySet<string>,
): EtfStock[] => {
  const sold = stocks.find((stock) => stock.symbol === symbol);
  if (!sold?.sector) return [];
  return stocks
    .filter(
      (stock) =>
        stock.sector === sold.sector &&
        stock.price?.gt(0) === true &&
        !held.has(stock.symbol) &&
        !sameIssuer(stock, sold),
    )
    .map((stock) => ({ stock, distance: stock.weight.sub(sold.weight).abs() }))
    .sort((a, b) => a.distance.comparedTo(b.distance) || (a.stock.symbol < b.stock.symbol ? -1 : 1))
    .slice(0, MAX_REPLACEMENTS)
    .map(({ stock }) => stock);
};
