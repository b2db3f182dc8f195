-- Reference market data loaded straight from the bundled files by the market-data importer, NOT through the log:
-- the symbol universe (~12k rows), the one-date price table and the ETFs' daily price history (~60k rows) are
-- bulk lookup data that no decision is made from directly. Every price a user acts on is copied into an
-- EtfSnapshotPublished event, so replays never depend on these tables. Each dataset is replaced as a whole, in
-- one transaction, and only when its content hash changes (market_reference_datasets).

create table market_reference_datasets (
  dataset       text primary key,     -- symbols | prices | aliases | price-history
  content_hash  text not null,
  row_count     integer not null,
  loaded_at     timestamptz not null default now()
);

-- The symbol universe for autocomplete: NASDAQ Trader directory, canonical dotted tickers.
create table symbols (
  symbol      text primary key,
  name        text not null,
  name_lower  text not null
);
create index symbols_symbol_prefix on symbols (symbol text_pattern_ops);
create index symbols_name_prefix on symbols (name_lower text_pattern_ops);

-- Every word of every name, lower case: prefix search on words inside names ("apple" finds AAPL).
create table symbol_search_terms (
  term    text not null,
  symbol  text not null,
  primary key (term, symbol)
);
create index symbol_search_terms_prefix on symbol_search_terms (term text_pattern_ops);

create table symbol_aliases (
  alias      text primary key,
  canonical  text not null
);

-- One price per canonical symbol (prices.csv): the quote shown by GET /api/stock/{symbol}.
create table symbol_prices (
  symbol  text primary key,
  price   numeric not null,
  as_of   date not null,
  source  text not null
);

-- Daily adjusted closes of the bundled ETFs (charts only; not quoted trading prices on past days).
create table etf_price_history (
  symbol  text not null,
  date    date not null,
  close   numeric not null,
  primary key (symbol, date)
);
