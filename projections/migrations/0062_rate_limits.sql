-- Request counters shared by every API instance and kept across restarts (not a read model: rebuilding projections
-- never touches them). One row per limiter key and fixed window.
create table rate_limit_hits (
  key            text primary key,          -- namespace, limiter and client (IP, account, user)
  hits           integer not null,
  window_ends_at timestamptz not null
);
create index rate_limit_hits_window on rate_limit_hits (window_ends_at);

-- Failed sign-ins per account and per (account, source): each failure past a threshold doubles the wait before the
-- next attempt is looked at (a slow-down, not a lockout). A correct password clears the (account, source) row.
create table login_failures (
  key             text primary key,         -- 'account:<email>' or 'source:<email>|<ip>'
  failures        integer not null,
  last_failure_at timestamptz not null
);
create index login_failures_last on login_failures (last_failure_at);
