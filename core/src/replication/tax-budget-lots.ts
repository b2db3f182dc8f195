import { type Decimal, decimalMin, toDecimalString, ZERO } from '../shared/decimal';
import { type Term, termOf } from '../tax/term';
import { nyTradeDate } from '../tax/trade-date';
import { type Lot, type LotMethod, lotsInCloseOrder } from '../tracking/lots';
import type { LotRealisation } from './tax-budget-types';

/** One lot of a held symbol as a sale sees it today. */
export type CurveLot = {
  readonly lotId: string | null;
  readonly shares: Decimal;
  /** Cost per share; null when unknown (imported without a basis, or shares without a lot). */
  readonly basis: Decimal | null;
  readonly acquiredAt: string | null;
  /** Null when the date is unknown. */
  readonly term: Term | null;
  /** Price − basis; the whole price when the basis is unknown (the conservative reading: basis 0). */
  readonly gainPerShare: Decimal;
};

/** A held symbol's lots in the order its lot method closes them: selling k shares closes a prefix of them. */
export type SellCurve = {
  readonly symbol: string;
  readonly price: Decimal;
  readonly held: Decimal;
  readonly lots: readonly CurveLot[];
};

/**
 * The sell curve of `held` shares of `symbol` at `price` on trade date `today`. Lots beyond the held shares are
 * ignored (in close order); held shares without a lot become one lot of unknown basis and date, sold last.
 */
export const buildSellCurve = (
  symbol: string,
  held: Decimal,
  price: Decimal,
  lots: readonly Lot[],
  method: LotMethod,
  today: string,
): SellCurve => {
  const curve: CurveLot[] = [];
  let left = held;
  for (const lot of lotsInCloseOrder(lots, symbol, method, { price, tradeDate: today })) {
    if (!left.gt(ZERO)) break;
    const shares = decimalMin(lot.shares, left);
    left = left.sub(shares);
    const basis = lot.costKnown ? lot.costPerShare : null;
    curve.push({
      lotId: lot.lotId,
      shares,
      basis,
      acquiredAt: lot.dateKnown ? lot.acquiredAt : null,
      term: lot.dateKnown ? termOf(nyTradeDate(lot.acquiredAt), today) : null,
      gainPerShare: basis ? price.sub(basis) : price,
    });
  }
  if (left.gt(ZERO)) {
    curve.push({ lotId: null, shares: left, basis: null, acquiredAt: null, term: null, gainPerShare: price });
  }
  return { symbol, price, held, lots: curve };
};

/** A close that the "no short-term gains" rule forbids: a gain on a lot not known to be long term. */
export const isShortTermGain = (lot: CurveLot): boolean => lot.term !== 'LONG' && lot.gainPerShare.gt(0);

/**
 * How many shares may be sold (a prefix of the close order) when short-term gains are not allowed: up to the first
 * lot whose close would realise one. All of them when they are allowed.
 */
export const sellableShares = (curve: SellCurve, allowShortTermGains: boolean): Decimal => {
  if (allowShortTermGains) return curve.held;
  let total = ZERO;
  for (const lot of curve.lots) {
    if (isShortTermGain(lot)) break;
    total = total.add(lot.shares);
  }
  return total;
};

/** The closes (and their total gain) of selling `shares` by the curve's order; shares beyond the curve are ignored. */
export const closesFor = (
  curve: SellCurve,
  shares: Decimal,
): { readonly closes: LotRealisation[]; readonly gain: Decimal; readonly shortTermGain: boolean } => {
  const closes: LotRealisation[] = [];
  let gain = ZERO;
  let shortTermGain = false;
  let left = shares;
  for (const lot of curve.lots) {
    if (!left.gt(ZERO)) break;
    const taken = decimalMin(lot.shares, left);
    left = left.sub(taken);
    const lotGain = taken.mul(lot.gainPerShare);
    gain = gain.add(lotGain);
    if (isShortTermGain(lot)) shortTermGain = true;
    closes.push({
      lotId: lot.lotId,
      shares: toDecimalString(taken),
      costPerShare: lot.basis ? toDecimalString(lot.basis) : null,
      acquiredAt: lot.acquiredAt,
      term: lot.term,
      gain: toDecimalString(lotGain),
    });
  }
  return { closes, gain, shortTermGain };
};
