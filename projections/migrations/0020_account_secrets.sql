-- Account secrets: kept OUT of the event log (DESIGN §4). Only hashes are stored: a database leak reveals no
-- password, no usable link and no usable session. Not a read model: rebuilding projections never touches these.

-- argon2id hash of each user's password (absent for Google-only accounts).
create table account_passwords (
  user_id       text primary key,
  password_hash text not null,
  updated_at    timestamptz not null default now()
);

-- One-time links: e-mail confirmation (24 h), password reset (1 h), e-mail change (24 h). Single use.
create table account_tokens (
  token_hash text primary key,              -- sha256 of the token in the link
  purpose    text not null check (purpose in ('confirm_email', 'reset_password', 'change_email')),
  user_id    text not null,
  email      text not null,                 -- the address the link was sent to (the new one for a change)
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at    timestamptz
);
create index account_tokens_user on account_tokens (user_id, purpose);

-- Refresh tokens: rotated on every use; a family is one sign-in. Presenting a token that was already rotated
-- means it leaked, so the whole family is revoked.
create table refresh_tokens (
  token_hash  text primary key,             -- sha256 of the cookie value
  family_id   uuid not null,
  user_id     text not null,
  persistent  boolean not null,             -- "Trust This Device": a 30-day cookie instead of a session cookie
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  used_at     timestamptz,                  -- when it was rotated
  revoked_at  timestamptz
);
create index refresh_tokens_family on refresh_tokens (family_id);
create index refresh_tokens_user on refresh_tokens (user_id);

-- OAuth2 `state` values in flight: what the round trip is for (login or connect) and, to connect, for whom.
create table oauth_states (
  state_hash text primary key,              -- sha256 of the state parameter
  purpose    text not null check (purpose in ('login', 'connect')),
  user_id    text,
  expires_at timestamptz not null,
  used_at    timestamptz
);
