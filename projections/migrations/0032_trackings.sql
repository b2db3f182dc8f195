-- Trackings read models, built by the `trackings` projector from tracking events, ETF snapshots and plan changes.
create table tracking_detail (
  tracking_id        text primary key,
  user_id            text not null,
  symbol             text not null,
  stream_revision    bigint not null,
  state              jsonb not null,   -- the folded aggregate (tracking-state-codec)
  buy_only_action_id text,             -- the buy-only raise the target currently honours, if any
  view               jsonb not null,   -- what GET /api/trackings/{id} answers (derive-tracking-view)
  deleted            boolean not null default false,
  created_at         timestamptz not null,
  updated_at         timestamptz not null
);
create index tracking_detail_by_user on tracking_detail (user_id) where not deleted;
create index tracking_detail_by_symbol on tracking_detail (symbol) where not deleted;

create table trackings_summary (
  tracking_id      text primary key,
  user_id          text not null,
  symbol           text not null,
  amount_invested  numeric not null,
  leftover_amount  numeric not null,
  replication_rate numeric not null,
  created_at       timestamptz not null
);
create index trackings_summary_by_user on trackings_summary (user_id, created_at);

-- The projector's own copy of each ETF's latest holdings and of each user's plan: replays stay self-contained.
create table tracking_etf_snapshots (
  symbol   text primary key,
  event_id text not null,
  as_of    text,
  holdings jsonb not null
);
create table tracking_user_plans (
  user_id text primary key,
  plan    text
);
