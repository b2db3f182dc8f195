import { type Decimal, sumDecimals, ZERO } from '../shared/decimal';
import type { ReadonlyList } from '../shared/readonly-list';
import type { OrderExecuted, TrackingEvent } from '../tracking/events';
import type { Lot } from '../tracking/lots';
import { evolve, executedAtOf, fillPriceOf, initialState, type Tracking } from '../tracking/state';
import { type Term, termOf } from './term';
import { nyTradeDate } from './trade-date';

/**
 * Gains and losses of a tracking's lots, for US taxes: pure functions over the folded state (unrealised) and over
 * the events (realised: the closes each SELL recorded). Money stays exact (decimal.js); callers round for display.
 */

export { type Term, termOf } from './term';

/** Whole days from one ISO date (YYYY-MM-DD) to another. */
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export type LotGain = {
  readonly lotId: string;
  readonly symbol: string;
  readonly shares: Decimal;
  readonly costPerShare: Decimal;
  readonly costBasis: Decimal;
  readonly acquiredAt: string;
  /** Null when no price is known for the symbol: value and gain are then unknown too. */
  readonly price: Decimal | null;
  readonly marketValue: Decimal | null;
  readonly gain: Decimal | null;
  /** Term if sold on `asOf`. */
  readonly term: Term;
};

export type HoldingGain = {
  readonly symbol: string;
  readonly shares: Decimal;
  readonly costBasis: Decimal;
  readonly price: Decimal | null;
  readonly marketValue: Decimal | null;
  readonly gain: Decimal | null;
  /** gain ÷ cost basis × 100; null without a price or a cost. */
  readonly gainPercent: Decimal | null;
  readonly lots: readonly LotGain[];
};

/** Unrealised gain or loss of each open lot at `prices`, and per holding (symbols in alphabetical order). */
export const unrealisedGains = (
  lots: ReadonlyList<Lot>,
  prices: ReadonlyMap<string, Decimal>,
  asOf: string,
): HoldingGain[] => {
  const bySymbol = new Map<string, LotGain[]>();
  for (const lot of lots) {
    const price = prices.get(lot.symbol) ?? null;
    const costBasis = lot.shares.mul(lot.costPerShare);
    const marketValue = price ? lot.shares.mul(price) : null;
    const gain: LotGain = {
      ...lot,
      costBasis,
      price,
      marketValue,
      gain: marketValue ? marketValue.sub(costBasis) : null,
      term: termOf(nyTradeDate(lot.acquiredAt), nyTradeDate(asOf)),
    };
    bySymbol.set(lot.symbol, [...(bySymbol.get(lot.symbol) ?? []), gain]);
  }
  return [...bySymbol.keys()].sort().map((symbol) => {
    const symbolLots = bySymbol.get(symbol) ?? [];
    const costBasis = sumDecimals(symbolLots.map((lot) => lot.costBasis));
    const price = prices.get(symbol) ?? null;
    const shares = sumDecimals(symbolLots.map((lot) => lot.shares));
    const marketValue = price ? shares.mul(price) : null;
    const gain = marketValue ? marketValue.sub(costBasis) : null;
    return {
      symbol,
      shares,
      costBasis,
      price,
      marketValue,
      gain,
      gainPercent: gain && !costBasis.isZero() ? gain.div(costBasis).mul(100) : null,
      lots: symbolLots,
    };
  });
};

/** Shares of one lot a SELL closed, with what the sale realised on them. */
export type RealisedLot = {
  /** The SELL's event id. */
  readonly saleId: string;
  readonly lotId: string;
  readonly symbol: string;
  readonly shares: Decimal;
  readonly acquiredAt: string;
  readonly soldAt: string;
  /** shares × the sale's fill price. */
  readonly proceeds: Decimal;
  /** shares × the lot's cost per share. */
  readonly costBasis: Decimal;
  readonly gain: Decimal;
  readonly holdingDays: number;
  readonly term: Term;
  /** The harvest whose SELL this was (issue 19), else null. */
  readonly harvestId: string | null;
};

/**
 * Every lot close of the SELLs that still count (not reverted), oldest sale first: folded from the tracking's events,
 * so each SELL's closes are the ones it recorded (or, for SELLs recorded before lots existed, the ones the fold
 * gives them).
 */
export const realisedGains = (events: readonly TrackingEvent[]): RealisedLot[] => {
  let state: Tracking = initialState();
  const sales = new Map<string, OrderExecuted>();
  for (const event of events) {
    state = evolve(state, event);
    if (event.type === 'OrderExecuted' && event.data.orderType === 'SELL') sales.set(event.id, event);
  }
  if (state.status === 'Empty') return [];
  return state.actions.flatMap((action) => {
    const sale = sales.get(action.actionId);
    if (!sale || action.reverted || !action.lots) return [];
    const price = fillPriceOf(sale);
    const soldAt = executedAtOf(sale);
    return action.lots.closed.map((close) => {
      const proceeds = close.shares.mul(price);
      const costBasis = close.shares.mul(close.costPerShare);
      const acquired = nyTradeDate(close.acquiredAt);
      const sold = nyTradeDate(soldAt);
      return {
        saleId: sale.id,
        lotId: close.lotId,
        symbol: close.symbol,
        shares: close.shares,
        acquiredAt: close.acquiredAt,
        soldAt,
        proceeds,
        costBasis,
        gain: proceeds.sub(costBasis),
        holdingDays: daysBetween(acquired, sold),
        term: termOf(acquired, sold),
        harvestId: sale.data.harvestId ?? null,
      };
    });
  });
};

export type YearGains = {
  readonly year: number;
  readonly proceeds: Decimal;
  readonly costBasis: Decimal;
  readonly shortTerm: Decimal;
  readonly longTerm: Decimal;
  readonly total: Decimal;
  /** Losses realised by harvests, as a positive amount (already inside shortTerm/longTerm). */
  readonly harvestedLoss: Decimal;
};

/** Realised gains summed per year of sale (the sale's trade date), oldest year first. */
export const realisedGainsByYear = (lots: readonly RealisedLot[]): YearGains[] => {
  const years = new Map<number, YearGains>();
  for (const lot of lots) {
    const year = Number(nyTradeDate(lot.soldAt).slice(0, 4));
    const known = years.get(year) ?? {
      year,
      proceeds: ZERO,
      costBasis: ZERO,
      shortTerm: ZERO,
      longTerm: ZERO,
      total: ZERO,
      harvestedLoss: ZERO,
    };
    years.set(year, {
      year,
      proceeds: known.proceeds.add(lot.proceeds),
      costBasis: known.costBasis.add(lot.costBasis),
      shortTerm: lot.term === 'SHORT' ? known.shortTerm.add(lot.gain) : known.shortTerm,
      longTerm: lot.term === 'LONG' ? known.longTerm.add(lot.gain) : known.longTerm,
      total: known.total.add(lot.gain),
      harvestedLoss: lot.harvestId ? known.harvestedLoss.sub(lot.gain) : known.harvestedLoss,
    });
  }
  return [...years.values()].sort((a, b) => a.year - b.year);
};

/** The year a realised lot counts for. */
export const yearOf = (lot: RealisedLot): number => Number(nyTradeDate(lot.soldAt).slice(0, 4));

/** Exact sum of realised gains (for tests and totals). */
export const totalGain = (lots: readonly RealisedLot[]): Decimal =>
  lots.reduce((sum, lot) => sum.add(lot.gain), ZERO);
