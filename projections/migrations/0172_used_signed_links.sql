-- Issue 27 item 11: an e-mail link that acts (the drift alert unsubscribe) works once. Rows outlive nothing: each is
-- dropped once its link has expired anyway.
create table if not exists used_signed_links (
  signature  text primary key,
  used_at    timestamptz not null default now(),
  expires_at timestamptz not null
);
