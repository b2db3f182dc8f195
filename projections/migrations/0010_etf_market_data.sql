-- Market-data read models, built by the etf-market-data projector from EtfSnapshotPublished events (etf-{SYMBOL}).
-- Only the latest snapshot of each ETF is expanded into rows; every snapshot stays in the log and is listed in
-- etf_snapshots (its event id finds it there), so support can always read the exact prices a user saw.

-- One row per ETF: fund facts and the header of its latest snapshot.
create table etf_funds (
  symbol              text primary key,
  name                text not null,
  etf_company         text,
  brand               text,
  description         text,
  website             text,
  asset_class         text,
  domicile            text,
  expense_ratio       numeric,            -- percent
  inception_date      date,
  isin                text,
  index_tracked       text,
  structure           text,
  aum                 numeric,
  shares_outstanding  numeric,
  holdings_available  boolean not null,
  holdings_note       text,
  holdings_count      integer not null,
  priced_count        integer not null,   -- holdings with a price (isAvailable)
  total_weight        numeric not null,   -- sum of holding weights (percent)
  priced_weight       numeric not null,   -- sum of the weights of holdings with a price
  sectors             jsonb not null,     -- [{industry, exposure}] largest first, exposure a decimal string
  sectors_source      text,
  facts_as_of         date,
  holdings_as_of      date,
  holdings_date_kind  text,               -- as-of | retrieved | derived
  prices_from         date,
  prices_to           date,
  source_provider     text not null,      -- bundled | fmp
  source_reference    text not null,
  content_hash        text not null,
  event_id            uuid not null,
  stream_revision     bigint not null,
  published_at        timestamptz not null
);

-- Holdings of each ETF's latest snapshot. Weights and prices are numeric: they come back as exact decimal strings.
create table etf_holdings (
  etf_symbol        text not null,
  position          integer not null,     -- order in the source
  symbol            text not null,        -- canonical ticker
  raw_symbol        text not null,
  name              text not null,
  weight_percentage numeric not null,
  price             numeric,
  price_as_of       date,
  price_source      text,
  is_available      boolean not null,
  shares_number     numeric,
  market_value      numeric,
  cusip             text,
  isin              text,
  updated           date,
  sector            text,
  primary key (etf_symbol, symbol)
);
create index etf_holdings_by_weight on etf_holdings (etf_symbol, weight_percentage desc, symbol);
create index etf_holdings_by_symbol on etf_holdings (symbol);

-- Every snapshot ever published, newest revision last.
create table etf_snapshots (
  etf_symbol       text not null,
  stream_revision  bigint not null,
  event_id         uuid not null unique,
  content_hash     text not null,
  source_provider  text not null,
  holdings_count   integer not null,
  holdings_as_of   date,
  published_at     timestamptz not null,
  primary key (etf_symbol, stream_revision)
);

-- Largest weight a symbol has in any ETF's latest snapshot: ranks autocomplete suggestions (AAPL before AAON).
create table symbol_popularity (
  symbol      text primary key,
  max_weight  numeric not null,
  etf_count   integer not null
);
