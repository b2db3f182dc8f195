-- Market-data refresh runs (issue 20): an operational record, not a decision. The decisions (the snapshots) are
-- EtfSnapshotPublished events; this table says when a refresh ran, who started it and what happened per ETF.
-- It doubles as the lease that lets exactly one instance run a given refresh:
--   * `slot` is unique: every instance that wakes for the 17:30 run of one day inserts the same slot, one wins;
--   * at most one row is 'running' at a time (partial unique index), so an admin refresh answers 409 during a run;
--   * `lease_until` is renewed per ETF; a 'running' row whose lease ran out (its instance died) is marked
--     'abandoned' before the next claim.
create table market_refresh_runs (
  run_id       text primary key,
  slot         text not null unique,            -- 'schedule:<fire instant>' or 'manual:<run id>'
  trigger      text not null,                   -- 'schedule' | 'admin'
  started_by   text,                            -- the admin's user id for 'admin'
  status       text not null,                   -- 'running' | 'succeeded' | 'partial' | 'failed' | 'abandoned'
  started_at   timestamptz not null default now(),
  finished_at  timestamptz,
  lease_until  timestamptz not null,
  outcomes     jsonb not null default '[]'::jsonb -- [{symbol, outcome: published|unchanged|failed, reason?, revision?}]
);
create unique index market_refresh_runs_one_running on market_refresh_runs ((true)) where status = 'running';
create index market_refresh_runs_by_start on market_refresh_runs (started_at desc);
