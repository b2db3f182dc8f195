import type { Tracking } from '@etf-replicator/core';
import { snapshotForTracking } from '@etf-replicator/projections/trackings/index-snapshot';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { coalesceLookups, lookupPerOwner } from '../infrastructure/coalesced-lookup';
import { indexSnapshots } from './index-market';

/** Built once: a zod schema costs tens of microseconds to build, every command reads prices. */
const priceRow = z.object({ etf_symbol: z.string(), symbol: z.string(), price: z.string() });

const etfAndSymbols = z.tuple([z.string()]).rest(z.string());

/**
 * The snapshot prices of each command's orders (absent: not held, or no price above zero), for the commands that
 * arrive together in one statement (issue 28: a statement costs more than the rows it reads); as fresh as a
 * statement of its own. A command is one key, `[etfSymbol, ...symbols]`, however many orders it holds.
 */
const snapshotPricesOf = lookupPerOwner((db: CommonQueryMethods) =>
  coalesceLookups(async (keys) => {
    const asked = keys.map((key) => etfAndSymbols.parse(JSON.parse(key)));
    const pairs = new Map<string, readonly [string, string]>();
    for (const [etfSymbol, ...symbols] of asked)
      for (const symbol of symbols) pairs.set(JSON.stringify([etfSymbol, symbol]), [etfSymbol, symbol]);
    const etfSymbols = [...pairs.values()].map(([etfSymbol]) => etfSymbol);
    const symbols = [...pairs.values()].map(([, symbol]) => symbol);
    const rows = await db.any(sql.type(priceRow)`
      select h.etf_symbol, h.symbol, h.price::text as price
        from unnest(${sql.array(etfSymbols, 'text')}, ${sql.array(symbols, 'text')}) as k(etf_symbol, symbol)
        join etf_holdings h on h.etf_symbol = k.etf_symbol and h.symbol = k.symbol
       where h.price > 0`);
    const found = new Map(rows.map((row) => [JSON.stringify([row.etf_symbol, row.symbol]), row.price]));
    return new Map(
      keys.map((key, index) => {
        const [etfSymbol, ...symbols] = asked[index] ?? [''];
        const prices = new Map<string, string>();
        for (const symbol of symbols) {
          const price = found.get(JSON.stringify([etfSymbol, symbol]));
          if (price !== undefined) prices.set(symbol, price);
        }
        return [key, prices];
      }),
    );
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
  const found = await snapshotPricesOf(db)(JSON.stringify([state.symbol, ...new Set(symbols)]));
  // A map of its own: withRecordedPrices adds to it, and a command asking the same orders shares the loaded one.
  return withRecordedPrices(new Map(found), state, symbols);
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
