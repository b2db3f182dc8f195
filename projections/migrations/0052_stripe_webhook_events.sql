-- Stripe webhook deliveries already handled, by Stripe event id (written by the webhook route, not a projection).
-- A replayed delivery is answered from here; the user stream's own record of Stripe event ids is the real guard.
create table stripe_webhook_events (
  event_id     text primary key,
  event_type   text not null,
  user_id      text,
  outcome      text not null,
  processed_at timestamptz not null default now()
);
