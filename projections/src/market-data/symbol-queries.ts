import { marketDataMessages, type SymbolSuggestion } from '@etf-replicator/core/contracts/market-data';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { escapeLike } from './search-terms';

export type { SymbolSuggestion };

const suggestionSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  is_fund: z.boolean(),
  replicable: z.boolean(),
});

/** The canonical form of a typed ticker: upper case, share class with a dot, then the alias table (BRKB → BRK.B). */
export const canonicalSymbol = async (db: CommonQueryMethods, typed: string): Promise<string> => {
  const upper = typed.trim().toUpperCase();
  const alias = await db.maybeOneFirst(
    sql.type(z.object({ canonical: z.string() }))`
      select canonical from symbol_aliases where alias = ${upper}`,
  );
  return alias ?? upper.replace(/[-/]/g, '.');
};

/**
 * Autocomplete over the symbol universe in one round trip, every match served by a prefix index (symbols.symbol,
 * symbols.name_lower, symbol_search_terms.term). The ETFs whose snapshot lists holdings come first (issue 15: only
 * those can be replicated); each group is ranked: exact symbol, symbol prefix, name prefix, a word of the name;
 * inside a tier other ETFs first, then the largest weight the symbol has in any ETF (AAPL before AAON), then
 * shorter symbols. Every other suggestion says why it cannot be replicated. Ranking looks each candidate up by
 * primary key, never scans a table.
 */
export const autocompleteSymbols = async (
  db: CommonQueryMethods,
  query: string,
  { limit = 10 }: { limit?: number } = {},
): Promise<readonly SymbolSuggestion[]> => {
  const text = query.trim();
  if (text === '') return [];
  const upper = text.toUpperCase();
  const dotted = upper.replace(/[-/]/g, '.');
  const lower = text.toLowerCase();
  const words = lower.split(/[^a-z0-9]+/).filter((word) => word.length > 0);
  const firstWord = words[0] ?? '';
  // A word of the name: the first typed word as a prefix of any word; more typed words must appear in the name.
  const wordMatches =
    firstWord.length >= 2
      ? sql.fragment`
          union all
          select s.symbol, s.name, 3 as tier
            from symbol_search_terms t join symbols s on s.symbol = t.symbol
           where t.term like ${`${escapeLike(firstWord)}%`}
           ${words.length > 1 ? sql.fragment`and s.name_lower like ${`%${escapeLike(lower)}%`}` : sql.fragment``}`
      : sql.fragment``;
  const rows = await db.any(sql.type(suggestionSchema)`
    with matches as (
      select s.symbol, s.name, 0 as tier
        from symbol_aliases a join symbols s on s.symbol = a.canonical where a.alias = ${upper}
      union all
      select s.symbol, s.name, case when s.symbol = ${dotted} then 0 else 1 end as tier
        from symbols s where s.symbol like ${`${escapeLike(dotted)}%`}
      union all
      select s.symbol, s.name, 2 as tier from symbols s where s.name_lower like ${`${escapeLike(lower)}%`}
      ${wordMatches}
    ), best as (
      select symbol, min(name) as name, min(tier) as tier from matches group by symbol
    ), ranked as (
      select b.symbol, b.name, b.tier, f.symbol is not null as is_fund,
             coalesce(f.holdings_available, false) as replicable,
             coalesce((select p.max_weight from symbol_popularity p where p.symbol = b.symbol), -1) as weight
        from best b left join etf_funds f on f.symbol = b.symbol
    )
    select symbol, name, is_fund, replicable from ranked
     order by replicable desc, tier, is_fund desc, weight desc, length(symbol), symbol
     limit ${limit}`);
  return rows.map(({ symbol, name, is_fund, replicable }) => ({
    symbol,
    name,
    replicable,
    unavailableReason: replicable
      ? null
      : is_fund
        ? marketDataMessages.noHoldingsList
        : marketDataMessages.notAnEtf,
  }));
};

/** Demo autocomplete: only ETFs whose holdings we have, by symbol or name prefix. */
export const autocompleteEtfs = (
  db: CommonQueryMethods,
  query: string,
  { limit = 10 }: { limit?: number } = {},
): Promise<readonly string[]> => {
  const text = query.trim();
  return db.anyFirst(
    sql.type(z.object({ symbol: z.string() }))`
      select symbol from etf_funds
       where holdings_available
         and (symbol like ${`${escapeLike(text.toUpperCase())}%`} or lower(name) like ${`${escapeLike(text.toLowerCase())}%`})
       order by (symbol like ${`${escapeLike(text.toUpperCase())}%`}) desc, symbol
       limit ${limit}`,
  );
};

export type SymbolQuote = {
  readonly symbol: string;
  readonly name: string;
  /** Decimal string, or null when no snapshot or reference table has a price. */
  readonly price: string | null;
  readonly priceAsOf: string | null;
  readonly priceSource: string | null;
};

const priceSchema = z.object({
  price: z.string(),
  asOf: z.string().nullable(),
  source: z.string().nullable(),
  name: z.string().nullable(),
});

/**
 * A quote from the market-data snapshot: the price the ETF snapshots use for the symbol (newest first), else the
 * bundled price table, else (for the bundled ETFs themselves) the last daily close. Null for unknown symbols.
 */
export const getSymbolQuote = async (db: CommonQueryMethods, typed: string): Promise<SymbolQuote | null> => {
  const symbol = await canonicalSymbol(db, typed);
  const found = await db.maybeOne(sql.type(priceSchema)`
    select price, "asOf", source, name from (
      (select 1 as rank, price, price_as_of as "asOf", 'snapshot:' || price_source as source, name
         from etf_holdings where symbol = ${symbol} and price is not null
        order by price_as_of desc nulls last, etf_symbol limit 1)
      union all
      (select 2, price, as_of, source, null from symbol_prices where symbol = ${symbol})
      union all
      (select 3, close, date, 'daily-close (adjusted)', null from etf_price_history where symbol = ${symbol}
        order by date desc limit 1)
    ) prices order by rank limit 1`);
  const name = await db.maybeOneFirst(
    sql.type(z.object({ name: z.string() }))`
      select name from (
        (select 1 as rank, name from symbols where symbol = ${symbol})
        union all (select 2, name from etf_funds where symbol = ${symbol})
        union all (select 3, name from etf_holdings where symbol = ${symbol} limit 1)
      ) names order by rank limit 1`,
  );
  const resolvedName = name ?? found?.name ?? null;
  if (resolvedName === null) return null;
  return {
    symbol,
    name: resolvedName,
    price: found?.price ?? null,
    priceAsOf: found?.asOf ?? null,
    priceSource: found?.source ?? null,
  };
};

export type ClosePoint = { readonly date: string; readonly close: string };

/** Daily adjusted closes of an ETF (charts), oldest first, optionally from a date on. */
export const getPriceHistory = (
  db: CommonQueryMethods,
  symbol: string,
  { from }: { from?: string } = {},
): Promise<readonly ClosePoint[]> =>
  db.any(
    sql.type(z.object({ date: z.string(), close: z.string() }))`
      select date, close from etf_price_history
       where symbol = ${symbol} ${from ? sql.fragment`and date >= ${from}::date` : sql.fragment``}
       order by date`,
  );
