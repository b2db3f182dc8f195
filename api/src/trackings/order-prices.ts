import type { Tracking } from '@etf-replicator/core';
import { snapshotForTracking } from '@etf-replicator/projections/trackings/index-snapshot';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { indexSnapshots } from './index-market';

/** Built once: a zod schema costs tens of microseconds to build, every command reads prices. */
const priceRow = z.object({ symbol: z.string(), price: z.string() });

/**
 * The price each order is recorded at: the symbol's price in the ETF's latest snapshot, else the price the tracking
 * last recorded an order of it at (a symbol the newest snapshot dropped). Absent: no price known.
 */
export const orderPrices = async (
  db: CommonQueryMethods,
  state: Exclude<Tracking, { status: 'Empty' }>,
  symbols: readonly string[],
): Promise<Map<string, string>> => {
  if (state.index && state.index.type !== 'etf') return indexOrderPrices(db, state, symbols);
  const rows = await db.any(sql.type(priceRow)`
    select symbol, price::text as price from etf_holdings
     where etf_symbol = ${state.symbol} and symbol = any(${sql.array([...new Set(symbols)], 'text')})
       and price > 0`);
  const prices = new Map(rows.map((row) => [row.symbol, row.price]));
  return withRecordedPrices(prices, state, symbols);
};

/**
 * A blend or a custom list (issue 30): the price its index snapshot gives the stock (the one the engine used), else
 * the last recorded one.
 */
const indexOrderPrices = async (
  db: CommonQueryMethods,
  state: Exclude<Tracking, { status: 'Empty' }>,
  symbols: readonly string[],
): Promise<Map<string, string>> => {
  const snapshot = snapshotForTracking(state, await indexSnapshots(db, state));
  const wanted = new Set(symbols);
  const prices = new Map<string, string>();
  for (const holding of snapshot?.holdings ?? []) {
    if (wanted.has(holding.symbol) && holding.price != null && Number(holding.price) > 0)
      prices.set(holding.symbol, String(holding.price));
  }
  return withRecordedPrices(prices, state, symbols);
};

/** The price the tracking last recorded an order of a symbol at, where `prices` has none. */
const withRecordedPrices = (
  prices: Map<string, string>,
  state: Exclude<Tracking, { status: 'Empty' }>,
  symbols: readonly string[],
): Map<string, string> => {
  for (const symbol of symbols) {
    const recorded = state.lastPrices.get(symbol);
    if (!prices.has(symbol) && recorded) prices.set(symbol, recorded.toFixed());
  }
  return prices;
};
