-- users read model: one row per user stream, for profile and admin look-ups. Never holds a secret.
create table users (
  id                 text primary key,
  email              text not null,
  first_name         text not null,
  last_name          text not null,
  email_confirmed    boolean not null default false,
  has_password       boolean not null default false,
  google_user_id     text,
  google_email       text,
  plan               text,                  -- null = Free
  roles              text[] not null default '{ROLE_USER}',
  disabled           boolean not null default false,
  pending_email      text,
  stripe_customer_id text,
  registered_at      timestamptz not null,
  updated_at         timestamptz not null,
  stream_revision    bigint not null        -- last applied revision of user-{id}: replays are no-ops
);
create index users_email on users (lower(email));
create index users_google on users (google_user_id) where google_user_id is not null;
