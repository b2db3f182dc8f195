import { type Decimal, dec, ZERO } from '../shared/decimal';
import type { Compensation, OrderExecuted } from './events';
import { lotsOfSymbol } from './lot-book';
import {
  closeFromJson,
  closeLots,
  DEFAULT_LOT_METHOD,
  type Lot,
  type LotClose,
  lotsInCloseOrder,
  pickLots,
  removeLot,
  reopenLots,
} from './lots';
import type { ActiveTracking } from './state-types';

/* How orders and their reverts move the tax lots, for evolve (state.ts). */

/** Removes `shares` of `symbol` from the lots, starting with `lotId`'s lot, then by HIFO (see compensateLots). */
const takeShares = (lots: readonly Lot[], symbol: string, shares: Decimal, lotId: string): Lot[] => {
  const own = lots.find((lot) => lot.lotId === lotId);
  if (own?.shares.gte(shares)) return closeLots(lots, [{ ...own, shares }]);
  const rest = shares.sub(own?.shares ?? ZERO);
  const others = removeLot(lots, lotId);
  const closes =
    pickLots(others, symbol, rest, DEFAULT_LOT_METHOD) ?? lotsInCloseOrder(others, symbol, 'HIFO');
  return closeLots(others, closes);
};

/**
 * The lots after a revert. Reverts record what they do to the lots (`compensation.lots`). Reverts recorded before
 * lots existed do not: a reverted BUY takes its shares out of its own lot (then, should a later sale have used some
 * of them — the old rules allowed it — out of the symbol's other lots by HIFO); a reverted SELL opens again the
 * closes its action recorded, or — in a fold without the history (the read side) — one lot of its shares at the
 * sale's price, dated at the tracking's creation, both marked unknown: the best that fold can know (only reverts of sales recorded
 * before lots existed meet this; the API reads lots from a full fold).
 */
export const compensateLots = (state: ActiveTracking, c: Compensation, revertedId: string): Lot[] => {
  if (c.lots) {
    let lots: readonly Lot[] = [...state.lots];
    for (const lotId of c.lots.remove ?? []) lots = removeLot(lots, lotId);
    const reopen = (c.lots.reopen ?? []).map((close) => closeFromJson(close.symbol, close));
    return reopenLots(lots, reopen);
  }
  const [change] = c.positions;
  const all = [...state.lots];
  if (!change) return all;
  const shares = dec(change.shares);
  if (shares.isNegative()) return takeShares(all, change.symbol, shares.neg(), revertedId);
  const recorded = state.actions.find((entry) => entry.actionId === revertedId)?.lots?.closed;
  if (recorded) return reopenLots(all, recorded);
  const price = shares.isZero() ? ZERO : dec(c.cash).neg().div(shares).abs();
  // Neither the cost nor the date is the lot's own: the sale's price and the tracking's creation stand in.
  return reopenLots(all, [
    {
      lotId: revertedId,
      symbol: change.symbol,
      shares,
      costPerShare: price,
      acquiredAt: state.createdAt,
      costKnown: false,
      dateKnown: false,
    },
  ]);
};

/** The price an order was filled at: the user's fill, else the snapshot price it was recorded against. */
export const fillPriceOf = (event: OrderExecuted): Decimal => dec(event.data.fillPrice ?? event.data.price);

/** When an order was executed: the user's date, else when it was recorded. */
export const executedAtOf = (event: OrderExecuted): string => event.data.executedAt ?? event.data.occurredAt;

/**
 * The lots a SELL closes: those it recorded, else (SELLs recorded before lots existed) by HIFO, the only method
 * there was — as far as the lots reach (they always do: they hold the position).
 */
export const closesOf = (state: ActiveTracking, event: OrderExecuted): LotClose[] => {
  const { symbol } = event.data;
  if (event.data.lots) return event.data.lots.map((close) => closeFromJson(symbol, close));
  const shares = dec(event.data.shares);
  const own = lotsOfSymbol(state.lots, symbol);
  return (
    pickLots(own, symbol, shares, DEFAULT_LOT_METHOD) ?? lotsInCloseOrder(own, symbol, DEFAULT_LOT_METHOD)
  );
};
