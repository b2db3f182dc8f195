-- Answers of commands sent with an Idempotency-Key header, so a retried request gets the first answer and appends
-- nothing. A row without status is a request still in flight. Rows older than a day are purged.
create table idempotency_keys (
  user_id      text not null,
  key          text not null,
  request_hash text not null,
  status_code  integer,
  content_type text,
  body         text,
  created_at   timestamptz not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_by_age on idempotency_keys (created_at);
