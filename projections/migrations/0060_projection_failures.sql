-- Events a projector could not apply after several tries, parked so that the projector moves on (issue 21).
-- A parked event also holds back the later events of its stream for that projector (reason 'held'), so that a
-- fold-based read model never applies them out of order; an admin retries them, in order, after a fix.
create table projection_failures (
  projector   text not null,
  event_id    text not null,
  position    text not null,
  stream_id   text not null,
  event_type  text not null,
  error       text not null,
  held        boolean not null default false,
  attempts    integer not null default 1,
  first_seen  timestamptz not null default now(),
  last_seen   timestamptz not null default now(),
  primary key (projector, event_id)
);
create index projection_failures_projector_stream on projection_failures (projector, stream_id);
