import { type Decimal, dec, toDecimalString, ZERO } from '../shared/decimal';
import type { Lot } from '../tracking/lots';
import { replicateWithinTaxBudget } from './tax-budget';
import type { TaxAwareInput, TaxAwareReplication, TaxBudget } from './tax-budget-types';

/** The rate the multi-year plan aims at (issue 31: "years until the rate reaches 95 %"). */
export const PLAN_TARGET_RATE = dec('95');
export const PLAN_HORIZON_YEARS = 10;

export const PLAN_ASSUMPTIONS = [
  "Prices stay at today's; the ETF's holdings and weights do not change.",
  'The same budget each year; the orders are executed once a year, on this date.',
  'No cash is added or taken out; sales pay for the buys.',
  'Lots are closed as the orders name them; shares bought for the plan are new lots at today’s price.',
] as const;

export type MultiYearEstimate = {
  /** Years of orders until the rate reaches 95 % (0: it already does); null: not within the horizon. */
  readonly years: number | null;
  /** The rate after each year's orders, first year first (percent strings). */
  readonly rates: readonly string[];
};

/** The same calendar date `years` later (29 February → 28 February). */
const yearsLater = (date: string, years: number): string => {
  const year = Number(date.slice(0, 4)) + years;
  const monthDay = date.slice(5, 10) === '02-29' ? '02-28' : date.slice(5, 10);
  return `${year}-${monthDay}`;
};

/** The tracking after one year's orders: positions, lots and cash moved as the orders say, at today's prices. */
const afterOrders = (input: TaxAwareInput, result: TaxAwareReplication, year: number): TaxAwareInput => {
  const positions = new Map(Object.entries(input.positions).map(([symbol, shares]) => [symbol, dec(shares)]));
  const closed = new Map<string, Decimal>();
  for (const sell of result.sells)
    for (const close of sell.closes)
      if (close.lotId !== null)
        closed.set(close.lotId, (closed.get(close.lotId) ?? ZERO).add(dec(close.shares)));
  const lots: Lot[] = [];
  for (const lot of input.lots) {
    const left = dec(lot.shares).sub(closed.get(lot.lotId) ?? ZERO);
    if (left.gt(0)) lots.push({ ...lot, shares: left });
  }
  let cash = dec(input.cash);
  for (const order of result.orders) {
    const shares = dec(order.shares);
    const price = priceOf(input, order.symbol);
    const held = positions.get(order.symbol) ?? ZERO;
    if (order.orderType === 'SELL') {
      positions.set(order.symbol, held.sub(shares));
      cash = cash.add(shares.mul(price));
    } else {
      positions.set(order.symbol, held.add(shares));
      cash = cash.sub(shares.mul(price));
      const lotId = `plan-${year}-${order.symbol}`;
      lots.push({
        lotId,
        symbol: order.symbol,
        shares,
        costPerShare: price,
        acquiredAt: input.today,
        costKnown: true,
        dateKnown: true,
      });
    }
  }
  return {
    ...input,
    positions: Object.fromEntries(
      [...positions]
        .filter(([, shares]) => shares.gt(0))
        .map(([symbol, shares]) => [symbol, shares.toFixed()]),
    ),
    lots,
    cash: toDecimalString(cash.gt(0) ? cash : ZERO),
    today: yearsLater(input.today, 1),
    realisedNetGain: '0',
  };
};

const priceOf = (input: TaxAwareInput, symbol: string): Decimal => {
  const holding = input.holdings.find((line) => line.symbol === symbol);
  const price = holding?.price ?? input.prices?.[symbol];
  return price == null ? ZERO : dec(price);
};

/**
 * With the same budget each year, how many years of orders until the replication rate reaches 95 % (an estimate:
 * PLAN_ASSUMPTIONS). Year one counts what the year already realised; each later year starts at zero, a year on,
 * so that lots bought short term become long term.
 */
export const yearsToTargetRate = (
  input: TaxAwareInput,
  budget: TaxBudget,
  currentRate: string,
  horizon = PLAN_HORIZON_YEARS,
): MultiYearEstimate => {
  if (dec(currentRate).gte(PLAN_TARGET_RATE)) return { years: 0, rates: [] };
  const rates: string[] = [];
  let state = input;
  for (let year = 1; year <= horizon; year++) {
    const result = replicateWithinTaxBudget(state, budget);
    const previous = rates.at(-1);
    // An investor skips a year whose orders would lower the rate (the engine may offer such orders once lots
    // change term): the year passes, the positions stay.
    if (previous !== undefined && dec(result.target.replicationRate).lt(previous)) {
      rates.push(previous);
      state = { ...state, today: yearsLater(state.today, 1), realisedNetGain: '0' };
      continue;
    }
    rates.push(result.target.replicationRate);
    if (dec(result.target.replicationRate).gte(PLAN_TARGET_RATE)) return { years: year, rates };
    state = afterOrders(state, result, year);
  }
  return { years: null, rates };
};
