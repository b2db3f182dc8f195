-- Every action on a tracking, newest first for the history panel; reverts mark the entry they undo.
create table tracking_history (
  action_id       text primary key,
  tracking_id     text not null,
  stream_revision bigint not null,
  occurred_at     timestamptz not null,
  action_type     text not null,
  details         jsonb not null,
  reverted        boolean not null default false,
  reverted_by     text
);
create index tracking_history_newest_first on tracking_history (tracking_id, stream_revision desc);
