import { type Decimal, dec, sumDecimals, termOf } from '@etf-replicator/core';
import type { LotsResponse, OpenLot } from '@etf-replicator/core/contracts/taxes';
import type { LedgerLot } from '@etf-replicator/core/tax/ledger-types';
import { optionalText, text } from './ledger-views';

/** What the tracking's own fold knows of a lot that the ledger does not: when it was recorded. */
export type RecordedLot = { readonly lotId: string; readonly acquiredAt: string };

/**
 * GET lots from the investor's ledger (issue 26): each open lot part with its adjusted basis, holding-period start
 * and the wash sales it carries, valued at the latest snapshot price; unknown cost or date stay unknown.
 */
export const holdingsView = (
  parts: readonly LedgerLot[],
  recorded: ReadonlyMap<string, RecordedLot>,
  prices: ReadonlyMap<string, Decimal>,
  today: string,
): LotsResponse['holdings'] => {
  // Many lots share a holding-period start: one anniversary computation per date.
  const terms = new Map<string, OpenLot['term']>();
  const termOn = (start: string) => {
    let term = terms.get(start);
    if (!term) {
      term = termOf(start, today);
      terms.set(start, term);
    }
    return term;
  };
  const bySymbol = new Map<string, LedgerLot[]>();
  for (const part of parts) {
    const list = bySymbol.get(part.symbol);
    if (list) list.push(part);
    else bySymbol.set(part.symbol, [part]);
  }
  return [...bySymbol.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([symbol, own]) => {
      const price = prices.get(symbol) ?? null;
      const lots = own.map((part) => lotView(part, recorded.get(part.lotId), price, termOn));
      const shares = sumDecimals(own.map((part) => part.shares));
      const bases = own.map((part) => part.basis);
      const costBasis = bases.every((basis) => basis !== null) ? sumDecimals(bases as Decimal[]) : null;
      const marketValue = price ? shares.mul(price) : null;
      const gain = marketValue && costBasis ? marketValue.sub(costBasis) : null;
      return {
        symbol,
        shares: text(shares),
        costBasis: optionalText(costBasis),
        price: optionalText(price),
        marketValue: optionalText(marketValue),
        gain: optionalText(gain),
        gainPercent:
          gain && costBasis && !costBasis.isZero()
            ? text(gain.div(costBasis).mul(100).toDecimalPlaces(4))
            : null,
        lots,
      };
    });
};

const lotView = (
  part: LedgerLot,
  recorded: RecordedLot | undefined,
  price: Decimal | null,
  termOn: (start: string) => OpenLot['term'],
): OpenLot => {
  const marketValue = price ? part.shares.mul(price) : null;
  return {
    lotId: part.lotId,
    shares: text(part.shares),
    costPerShare: part.basis && !part.shares.isZero() ? text(part.basis.div(part.shares)) : null,
    costBasis: optionalText(part.basis),
    acquiredAt: recorded?.acquiredAt ?? part.acquiredOn ?? '',
    costKnown: part.basis !== null,
    dateKnown: part.acquiredOn !== null,
    adjustment: text(sumDecimals(part.adjustments.map((adjustment) => adjustment.amount))),
    holdingStart: part.holdingStart,
    washSales: part.adjustments.map((adjustment) => ({
      saleId: adjustment.saleId,
      symbol: adjustment.saleSymbol,
      soldOn: adjustment.soldOn,
      shares: text(adjustment.shares),
      amount: text(adjustment.amount),
    })),
    price: optionalText(price),
    marketValue: optionalText(marketValue),
    gain: marketValue && part.basis ? text(marketValue.sub(part.basis)) : null,
    term: part.holdingStart === null ? 'UNKNOWN' : termOn(part.holdingStart),
  };
};

export const priceMap = (
  lastPrices: Iterable<readonly [string, Decimal]>,
  snapshot: Record<string, string>,
): Map<string, Decimal> => {
  const prices = new Map(lastPrices);
  for (const [symbol, price] of Object.entries(snapshot)) prices.set(symbol, dec(price));
  return prices;
};
