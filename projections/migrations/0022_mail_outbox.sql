-- Outgoing e-mail. Every message is stored here first (after the events it follows are committed), then
-- delivered by the configured transport: Postmark, or the outbox itself (development: read at /api/dev/mailbox).
-- Failed deliveries are retried with back-off; a message never blocks or undoes the account change it follows.
create table mail_outbox (
  id              uuid primary key,
  to_address      text not null,
  subject         text not null,
  text_body       text not null,
  html_body       text not null,
  links           jsonb not null default '[]',
  transport       text not null,            -- 'outbox' | 'postmark'
  status          text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts        integer not null default 0,
  last_error      text,
  next_attempt_at timestamptz not null default now(),
  created_at      timestamptz not null default now(),
  sent_at         timestamptz
);
create index mail_outbox_pending on mail_outbox (next_attempt_at) where status = 'pending';
create index mail_outbox_to on mail_outbox (lower(to_address), created_at desc);
