import { type Decimal, sumDecimals, toDecimalString, ZERO } from '../../shared/decimal';
import type { ReadonlyList } from '../../shared/readonly-list';
import { parseShares } from '../../shared/shares';
import type { ExecuteOrder } from '../commands';
import { trackingErrors } from '../errors';
import { lotsOfSymbol } from '../lot-book';
import { type Lot, type LotClose, nyTradeDate, pickLots } from '../lots';
import type { ActiveTracking } from '../state';

/** What a SELL sells: shares of a symbol at a price (the fill, else the snapshot price). */
export type Sale = { readonly symbol: string; readonly shares: Decimal; readonly price: Decimal };

/** The lots of `symbol` held on `tradeDate`: acquired on that New York date or before. */
export const lotsHeldOn = (lots: ReadonlyList<Lot>, symbol: string, tradeDate: string): Lot[] =>
  lotsOfSymbol(lots, symbol).filter((lot) => nyTradeDate(lot.acquiredAt) <= tradeDate);

/**
 * The lots a SELL closes, never one acquired after its trade date: the ones it names (each once, shares within the
 * lot, adding up), else those the tracking's lot method picks among the lots held on the trade date.
 */
export const closesFor = (
  tracking: ActiveTracking,
  sale: Sale,
  named: ExecuteOrder['data']['lots'],
  tradeDate: string,
): LotClose[] => {
  const { symbol, shares } = sale;
  if (named === undefined) {
    const held = lotsHeldOn(tracking.lots, symbol, tradeDate);
    const picked = pickLots(held, symbol, shares, tracking.settings.lotMethod, {
      price: sale.price,
      tradeDate,
    });
    if (picked) return picked;
    const total = tracking.positions.get(symbol) ?? ZERO;
    const heldThen = sumDecimals(held.map((lot) => lot.shares));
    if (heldThen.lt(total))
      throw trackingErrors.tooFewSharesOnTradeDate(toDecimalString(heldThen), symbol, tradeDate);
    throw trackingErrors.sellMoreThanHeld(toDecimalString(total));
  }
  const seen = new Set<string>();
  let total = ZERO;
  const closes = named.map(({ lotId, shares: taken }) => {
    const lot = lotsOfSymbol(tracking.lots, symbol).find((open) => open.lotId === lotId);
    if (!lot) throw trackingErrors.lotNotFound(lotId, symbol);
    const acquired = nyTradeDate(lot.acquiredAt);
    if (acquired > tradeDate) throw trackingErrors.lotAcquiredAfterSale(lotId, symbol, acquired, tradeDate);
    if (seen.has(lotId)) throw trackingErrors.lotsDoNotMatchShares();
    seen.add(lotId);
    let amount: Decimal;
    try {
      amount = parseShares(taken, 'lots');
    } catch {
      throw trackingErrors.lotSharesInvalid(lotId, toDecimalString(lot.shares));
    }
    if (amount.gt(lot.shares)) throw trackingErrors.lotSharesInvalid(lotId, toDecimalString(lot.shares));
    total = total.add(amount);
    return { ...lot, shares: amount };
  });
  if (closes.length === 0 || !total.eq(shares)) throw trackingErrors.lotsDoNotMatchShares();
  return closes;
};
