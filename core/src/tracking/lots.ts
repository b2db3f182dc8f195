import { type Decimal, dec, ZERO } from '../shared/decimal';
import type { ReadonlyList } from '../shared/readonly-list';
import { byAcquired, type LotMethod, type PickContext, sortForClose } from './lot-order';

export { LOT_METHODS, type LotMethod, type PickContext } from './lot-order';

/** The method of trackings whose TrackingCreated names none (created before TAX_OPTIMAL), and of legacy folds. */
export const DEFAULT_LOT_METHOD: LotMethod = 'HIFO';
/** The method a new tracking starts with. */
export const NEW_TRACKING_LOT_METHOD: LotMethod = 'TAX_OPTIMAL';

/**
 * Shares bought by one BUY and not sold yet. The lot id is the BUY's event id; the cost per share is the fill price
 * (the snapshot price for orders recorded before fills existed); `acquiredAt` is when the order was executed (an ISO
 * date or date-time, as recorded).
 */
export type Lot = {
  readonly lotId: string;
  readonly symbol: string;
  readonly shares: Decimal;
  readonly costPerShare: Decimal;
  readonly acquiredAt: string;
  /**
   * False for an imported row that gave no cost basis: `costPerShare` is then the snapshot price it was valued at
   * (what the replication may use), not a basis for taxes. True for every BUY.
   */
  readonly costKnown: boolean;
  /** False for an imported row that gave no date: `acquiredAt` is then the import's day, not a holding period. */
  readonly dateKnown: boolean;
};

/** Shares a SELL took from one lot, with the lot's cost and date so that the close can be restored and taxed. */
export type LotClose = {
  readonly lotId: string;
  readonly symbol: string;
  readonly shares: Decimal;
  readonly costPerShare: Decimal;
  readonly acquiredAt: string;
  /** As the lot's (see Lot). */
  readonly costKnown: boolean;
  readonly dateKnown: boolean;
};

/** Milliseconds of an ISO date or date-time (a date alone is its UTC midnight). */
export const instantOf = (value: string): number => Date.parse(value);

/** The trade date of an ISO date or date-time: its New York calendar date (the exchanges' time zone). */
export { nyTradeDate } from '../tax/trade-date';

/** The order in which `method` closes a symbol's lots (TAX_OPTIMAL judges them at the sale: `context`). */
export const lotsInCloseOrder = (
  lots: ReadonlyList<Lot>,
  symbol: string,
  method: LotMethod,
  context?: PickContext,
): Lot[] =>
  sortForClose(
    lots.filter((lot) => lot.symbol === symbol),
    method,
    context,
  );

/**
 * The closes that selling `shares` of `symbol` makes by `method`: whole lots in close order, the last one partly.
 * Returns null when the lots hold fewer shares than asked.
 */
export const pickLots = (
  lots: ReadonlyList<Lot>,
  symbol: string,
  shares: Decimal,
  method: LotMethod,
  context?: PickContext,
): LotClose[] | null => {
  const closes: LotClose[] = [];
  let left = shares;
  for (const lot of lotsInCloseOrder(lots, symbol, method, context)) {
    if (!left.gt(ZERO)) break;
    const taken = lot.shares.lte(left) ? lot.shares : left;
    closes.push({ ...lot, shares: taken });
    left = left.sub(taken);
  }
  return left.gt(ZERO) ? null : closes;
};

/** Lots in their canonical order (acquired, then id): the order the state keeps and the API lists. */
const canonical = (lots: Lot[]): Lot[] => lots.sort(byAcquired);

/**
 * Inserts the lot where the canonical order puts it: lots are nearly always opened in time order, so the scan from
 * the end stops at once (sorting the whole list per BUY made a 10,000-order history fold quadratic in Date.parse).
 */
export const openLot = (lots: readonly Lot[], lot: Lot): Lot[] => {
  const next = [...lots];
  let at = next.length;
  while (at > 0 && byAcquired(next[at - 1] as Lot, lot) > 0) at -= 1;
  next.splice(at, 0, lot);
  return next;
};

/**
 * Takes the closed shares out of their lots; lots left at zero are removed. Unknown lots are ignored. One pass, no
 * per-lot arrays: a SELL runs it on every fold of the stream.
 */
export const closeLots = (lots: ReadonlyList<Lot>, closes: readonly LotClose[]): Lot[] => {
  const taken = new Map<string, Decimal>();
  for (const close of closes) {
    const before = taken.get(close.lotId);
    taken.set(close.lotId, before ? before.add(close.shares) : close.shares);
  }
  const left: Lot[] = [];
  for (const lot of lots) {
    const out = taken.get(lot.lotId);
    if (!out) left.push(lot);
    else if (lot.shares.gt(out)) left.push({ ...lot, shares: lot.shares.sub(out) });
  }
  return left;
};

/** Puts closed shares back (a reverted SELL): into the lot when it is still open, else the lot opens again. */
export const reopenLots = (lots: readonly Lot[], closes: readonly LotClose[]): Lot[] => {
  const next = [...lots];
  for (const close of closes) {
    const index = next.findIndex((lot) => lot.lotId === close.lotId);
    const open = next[index];
    if (open) next[index] = { ...open, shares: open.shares.add(close.shares) };
    else next.push({ ...close });
  }
  return canonical(next);
};

/** Removes a whole lot (a reverted BUY). */
export const removeLot = (lots: readonly Lot[], lotId: string): Lot[] =>
  lots.filter((lot) => lot.lotId !== lotId);

/** Shares per symbol the lots hold. */
export const lotShares = (lots: ReadonlyList<Lot>): Map<string, Decimal> => {
  const totals = new Map<string, Decimal>();
  for (const lot of lots) totals.set(lot.symbol, (totals.get(lot.symbol) ?? ZERO).add(lot.shares));
  return totals;
};

/** A close as the event records it (decimal strings). */
export type LotCloseJson = {
  readonly lotId: string;
  readonly shares: string;
  readonly costPerShare: string;
  readonly acquiredAt: string;
  /** Written only when false (an imported lot without basis or date); absent reads as true. */
  readonly costKnown?: boolean | undefined;
  readonly dateKnown?: boolean | undefined;
};

export const closeToJson = (close: LotClose): LotCloseJson => ({
  lotId: close.lotId,
  shares: close.shares.isZero() ? '0' : close.shares.toFixed(),
  costPerShare: close.costPerShare.toFixed(),
  acquiredAt: close.acquiredAt,
  ...(close.costKnown ? {} : { costKnown: false }),
  ...(close.dateKnown ? {} : { dateKnown: false }),
});

export const closeFromJson = (symbol: string, close: LotCloseJson): LotClose => ({
  lotId: close.lotId,
  symbol,
  shares: dec(close.shares),
  costPerShare: dec(close.costPerShare),
  acquiredAt: close.acquiredAt,
  costKnown: close.costKnown ?? true,
  dateKnown: close.dateKnown ?? true,
});
