-- Every event of every stream, for admins. audit_seq follows the log's global order (the projector applies events
-- in that order), so it is the cursor for newest-first pagination.
create table audit_log (
  audit_seq      bigint generated always as identity primary key,
  event_id       uuid not null unique,
  log_position   text not null,
  stream_id      text not null,
  category       text not null,
  stream_revision bigint not null,
  event_type     text not null,
  user_id        text,
  actor_user_id  text,
  correlation_id text,
  data           jsonb not null,
  metadata       jsonb not null,
  recorded_at    timestamptz not null
);
create index audit_log_by_user on audit_log (user_id, audit_seq desc);
create index audit_log_by_category on audit_log (category, audit_seq desc);
create index audit_log_by_type on audit_log (event_type, audit_seq desc);
create index audit_log_by_time on audit_log (recorded_at desc);
create index audit_log_by_stream on audit_log (stream_id, stream_revision);
