import type { Tracking } from '@etf-replicator/core';
import { snapshotForTracking } from '@etf-replicator/projections/trackings/index-snapshot';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { coalesceLookups, lookupPerOwner } from '../infrastructure/coalesced-lookup';
import { indexSnapshots } from './index-market';

/** Built once: a zod schema costs tens of microseconds to build, every command reads prices. */
const priceRow = z.object({ etf_symbol: z.string(), symbol: z.string(), price: z.string() });

/** The key of one holding: the ETF's symbol behind its length, so that no pair of symbols makes another's key. */
const holdingKey = (etfSymbol: string, symbol: string) => `${etfSymbol.length}:${etfSymbol}${symbol}`;

/**
 * The price of each holding asked (absent: not held, or no price above zero), for the commands that arrive together
 * in one statement (issue 28: a statement costs more than the rows it reads); as fresh as a statement of its own.
 */
const holdingPriceOf = lookupPerOwner((db: CommonQueryMethods) =>
  coalesceLookups(async (keys) => {
    const etfSymbols: string[] = [];
    const symbols: string[] = [];
    for (const key of keys) {
      const colon = key.indexOf(':');
      const etfEnd = colon + 1 + Number(key.slice(0, colon));
      etfSymbols.push(key.slice(colon + 1, etfEnd));
      symbols.push(key.slice(etfEnd));
    }
    const rows = await db.any(sql.type(priceRow)`
      select h.etf_symbol, h.symbol, h.price::text as price
        from unnest(${sql.array(etfSymbols, 'text')}, ${sql.array(symbols, 'text')}) as k(etf_symbol, symbol)
        join etf_holdings h on h.etf_symbol = k.etf_symbol and h.symbol = k.symbol
       where h.price > 0`);
    return new Map(rows.map((row) => [holdingKey(row.etf_symbol, row.symbol), row.price]));
  }),
);

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
  const wanted = [...new Set(symbols)];
  const lookup = holdingPriceOf(db);
  const found = await Promise.all(wanted.map((symbol) => lookup(holdingKey(state.symbol, symbol))));
  const prices = new Map<string, string>();
  wanted.forEach((symbol, index) => {
    const price = found[index];
    if (price !== undefined) prices.set(symbol, price);
  });
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
