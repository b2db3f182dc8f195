import { type Decimal, dec, sumDecimals, ZERO } from '../shared/decimal';
import type { ReadonlyList } from '../shared/readonly-list';
import type { Lot } from '../tracking/lots';
import { type Term, termOf } from './gains';
import { closeOrder } from './ledger-parts';
import { nyTradeDate } from './trade-date';

/**
 * Tax-loss harvesting candidates: per holding, the lots that show a loss at the latest price — the lots a harvest
 * sells (never the lots at a gain: selling those would realise gains). Amounts stay exact; losses are positive.
 *
 * Loss and term are judged by the investor's tax ledger when its figures are given (`TaxParts`, issue 26): a lot
 * that carries a disallowed wash-sale loss has an adjusted basis above its price paid and a holding period that
 * starts before its purchase, so it can be a loss lot, or long term, where its raw cost and date say otherwise.
 * Without them (callers that have no ledger) the raw cost per share and acquisition date are used.
 */

/** One open part of a lot in the investor's ledger: shares with one adjusted basis and one holding-period start. */
export type TaxPart = {
  readonly shares: Decimal;
  /** Cost plus carried disallowed losses; null when the cost is unknown. */
  readonly basis: Decimal | null;
  /** The tacked holding-period start; null when the date is unknown. */
  readonly holdingStart: string | null;
  /** True when the part carries a disallowed loss (a sale takes such parts first: ledger-parts.ts closeOrder). */
  readonly adjusted: boolean;
};

/** Per lot id, its open parts in the investor's ledger. */
export type TaxParts = ReadonlyMap<string, readonly TaxPart[]>;

/** Either bound, or both: a holding qualifies when its loss reaches ANY bound given. */
export type MinLoss = { readonly amount: Decimal | null; readonly percent: Decimal | null };

/** The default: a loss of at least $100 OR at least 5 % of the lots' cost basis (either is enough). */
export const DEFAULT_MIN_LOSS: MinLoss = { amount: dec('100'), percent: dec('5') };

/** `{amount: "100"}` or `{percent: "5"}` (the parsed `minLoss` query) as a MinLoss; absent: the default. */
export const minLossOf = (parsed: { amount: string } | { percent: string } | undefined): MinLoss => {
  if (!parsed) return DEFAULT_MIN_LOSS;
  return 'amount' in parsed
    ? { amount: dec(parsed.amount), percent: null }
    : { amount: null, percent: dec(parsed.percent) };
};

/**
 * Shares of one lot a harvest would sell, with their tax figures: `costPerShare` and `costBasis` are the adjusted
 * basis (the raw cost without a ledger), `term` is judged from the holding-period start. A lot split into several
 * ledger parts gives one LossLot per part (same lotId): see `lossLotsOf`.
 */
export type LossLot = Lot & {
  readonly costBasis: Decimal;
  readonly proceeds: Decimal;
  /** Positive. */
  readonly loss: Decimal;
  readonly term: Term;
  /** The date the term is judged from: the ledger's holding-period start, else the lot's trade date. */
  readonly holdingStart: string;
};

export type LossLots = {
  readonly symbol: string;
  readonly price: Decimal;
  readonly sharesHeld: Decimal;
  readonly shares: Decimal;
  readonly lots: readonly LossLot[];
  readonly proceeds: Decimal;
  readonly costBasis: Decimal;
  readonly loss: Decimal;
  readonly shortTermLoss: Decimal;
  readonly longTermLoss: Decimal;
  /** loss ÷ cost basis × 100. */
  readonly lossPercent: Decimal;
};

/** The lot as one part at its raw cost and trade date (no ledger); none when its cost is unknown. */
const rawParts = (lot: Lot): TaxPart[] => [
  {
    shares: lot.shares,
    basis: lot.costKnown ? lot.shares.mul(lot.costPerShare) : null,
    holdingStart: nyTradeDate(lot.acquiredAt),
    adjusted: false,
  },
];

/**
 * The parts of `lot` a harvest at `price` sells, judged per ledger part rather than per lot: a sale takes a lot's
 * shares in a fixed part order (closeOrder), so naming n shares of the lot realises exactly its first parts. The
 * harvest therefore sells the leading run of parts that are at a loss and stops at the first one that is not (or
 * whose basis is unknown: a loss cannot be claimed on an unknown basis): no gain is realised, and the loss named is
 * the loss the ledger will record. (Aggregating per lot would sell a gain part along with a loss part.) A lot whose
 * ledger parts do not add up to its shares has no consistent tax figures and is never sold.
 */
const losingParts = (lot: Lot, price: Decimal, today: string, taxParts: TaxParts | undefined): LossLot[] => {
  const parts = taxParts ? taxParts.get(lot.lotId) : rawParts(lot);
  if (!parts || !sumDecimals(parts.map((part) => part.shares)).eq(lot.shares)) return [];
  const losing: LossLot[] = [];
  for (const part of closeOrder(parts, (part) => part.adjusted)) {
    const proceeds = part.shares.mul(price);
    if (part.basis === null || !part.basis.gt(proceeds)) break;
    // An unknown date (an imported row without one) keeps the day it was recorded, as the lot itself does.
    const holdingStart = part.holdingStart ?? nyTradeDate(lot.acquiredAt);
    losing.push({
      ...lot,
      shares: part.shares,
      costPerShare: part.basis.div(part.shares),
      costBasis: part.basis,
      proceeds,
      loss: part.basis.sub(proceeds),
      term: termOf(holdingStart, today),
      holdingStart,
    });
  }
  return losing;
};

/**
 * The lots of `symbol` at a loss at `price`, valued as if sold `today`, by the ledger's `taxParts` when given;
 * null when none. Lots of unknown cost are never sold.
 */
export const lossLotsOf = (
  lots: ReadonlyList<Lot>,
  symbol: string,
  price: Decimal,
  today: string,
  taxParts?: TaxParts,
): LossLots | null => {
  const own = lots.filter((lot) => lot.symbol === symbol);
  const losing = own.flatMap((lot) => losingParts(lot, price, today, taxParts));
  if (losing.length === 0) return null;
  const loss = sumDecimals(losing.map((lot) => lot.loss));
  const costBasis = sumDecimals(losing.map((lot) => lot.costBasis));
  const byTerm = (term: Term) =>
    sumDecimals(losing.filter((lot) => lot.term === term).map((lot) => lot.loss));
  return {
    symbol,
    price,
    sharesHeld: sumDecimals(own.map((lot) => lot.shares)),
    shares: sumDecimals(losing.map((lot) => lot.shares)),
    lots: losing,
    proceeds: sumDecimals(losing.map((lot) => lot.proceeds)),
    costBasis,
    loss,
    shortTermLoss: byTerm('SHORT'),
    longTermLoss: byTerm('LONG'),
    lossPercent: costBasis.isZero() ? ZERO : loss.div(costBasis).mul(100),
  };
};

/** The closes a sale of the loss lots names: one per lot (its parts' shares added), in first-seen order. */
export const lossLotCloses = (lots: readonly LossLot[]): { lotId: string; shares: Decimal }[] => {
  const shares = new Map<string, Decimal>();
  for (const lot of lots) shares.set(lot.lotId, (shares.get(lot.lotId) ?? ZERO).add(lot.shares));
  return [...shares].map(([lotId, total]) => ({ lotId, shares: total }));
};

/** True when the loss reaches the amount bound or the percent bound (a null bound is not checked). */
export const qualifies = (candidate: LossLots, minLoss: MinLoss): boolean =>
  (minLoss.amount !== null && candidate.loss.gte(minLoss.amount)) ||
  (minLoss.percent !== null && candidate.lossPercent.gte(minLoss.percent));

/** Every held symbol with a known price whose loss lots qualify (judged as lossLotsOf); largest loss first (ties: symbol). */
export const harvestCandidates = (
  lots: ReadonlyList<Lot>,
  prices: ReadonlyMap<string, Decimal>,
  minLoss: MinLoss,
  today: string,
  taxParts?: TaxParts,
): LossLots[] =>
  [...new Set(lots.map((lot) => lot.symbol))]
    .flatMap((symbol) => {
      const price = prices.get(symbol);
      const candidate = price?.gt(0) ? lossLotsOf(lots, symbol, price, today, taxParts) : null;
      return candidate && qualifies(candidate, minLoss) ? [candidate] : [];
    })
    .sort((a, b) => b.loss.comparedTo(a.loss) || (a.symbol < b.symbol ? -1 : 1));
