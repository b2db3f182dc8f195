import { type Decimal, dec, sumDecimals, ZERO } from '../shared/decimal';
import type { ReadonlyList } from '../shared/readonly-list';
import type { Lot } from '../tracking/lots';
import { type Term, termOf } from './gains';
import { nyTradeDate } from './trade-date';

/**
 * Tax-loss harvesting candidates: per holding, the lots that show a loss at the latest price — the lots a harvest
 * sells (never the lots at a gain: selling those would realise gains). Amounts stay exact; losses are positive.
 */

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

export type LossLot = Lot & {
  readonly costBasis: Decimal;
  readonly proceeds: Decimal;
  /** Positive. */
  readonly loss: Decimal;
  readonly term: Term;
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

/** The lots of `symbol` whose cost per share is above `price`, valued as if sold `today`; null when none. */
export const lossLotsOf = (
  lots: ReadonlyList<Lot>,
  symbol: string,
  price: Decimal,
  today: string,
): LossLots | null => {
  const own = lots.filter((lot) => lot.symbol === symbol);
  const losing = own
    .filter((lot) => lot.costPerShare.gt(price))
    .map((lot): LossLot => {
      const costBasis = lot.shares.mul(lot.costPerShare);
      const proceeds = lot.shares.mul(price);
      return {
        ...lot,
        costBasis,
        proceeds,
        loss: costBasis.sub(proceeds),
        term: termOf(nyTradeDate(lot.acquiredAt), today),
      };
    });
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

/** True when the loss reaches the amount bound or the percent bound (a null bound is not checked). */
export const qualifies = (candidate: LossLots, minLoss: MinLoss): boolean =>
  (minLoss.amount !== null && candidate.loss.gte(minLoss.amount)) ||
  (minLoss.percent !== null && candidate.lossPercent.gte(minLoss.percent));

/** Every held symbol with a known price whose loss lots qualify; largest loss first (ties: symbol). */
export const harvestCandidates = (
  lots: ReadonlyList<Lot>,
  prices: ReadonlyMap<string, Decimal>,
  minLoss: MinLoss,
  today: string,
): LossLots[] =>
  [...new Set(lots.map((lot) => lot.symbol))]
    .flatMap((symbol) => {
      const price = prices.get(symbol);
      const candidate = price?.gt(0) ? lossLotsOf(lots, symbol, price, today) : null;
      return candidate && qualifies(candidate, minLoss) ? [candidate] : [];
    })
    .sort((a, b) => b.loss.comparedTo(a.loss) || (a.symbol < b.symbol ? -1 : 1));
