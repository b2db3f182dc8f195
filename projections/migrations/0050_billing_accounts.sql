-- Billing read model: each user's Stripe customers and subscriptions, built from the billing events of user streams.
create table billing_customers (
  customer_id      text primary key,
  user_id          text not null,
  email            text,
  linked_at        timestamptz not null,
  linked_revision  bigint not null         -- revision of user-{id} that linked it: the newest link is current
);
create index billing_customers_user on billing_customers (user_id, linked_revision desc);

create table billing_subscriptions (
  subscription_id      text primary key,
  user_id              text not null,
  customer_id          text not null,
  status               text not null,
  price_id             text,
  plan                 text,
  current_period_end   timestamptz,
  cancel_at_period_end boolean not null default false,
  started_revision     bigint not null,   -- revision that first recorded it: the newest live one is current
  ended                boolean not null default false,
  revoked              boolean not null default false,
  updated_at           timestamptz not null,
  stream_revision      bigint not null    -- last applied revision of user-{id}: replays are no-ops
);
create index billing_subscriptions_user on billing_subscriptions (user_id, started_revision desc);
