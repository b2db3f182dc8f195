-- The tracking after each of its events (positions, target amount, number of weightings), written by the trackings
-- projector as it folds them. GET /api/trackings/{id}/rate-history measures each against today's snapshot: the web
-- no longer pages the whole history and replays it with a fold of its own.
create table tracking_states (
  tracking_id          text not null,
  stream_revision      bigint not null,
  occurred_at          timestamptz not null,
  event_type           text not null,
  target_amount        numeric not null,
  cash                 numeric not null,
  auto_tracking        boolean not null,   -- the target follows the market value (cash + positions)
  number_of_weightings integer not null,
  positions            jsonb not null,
  constraint tracking_states_pkey primary key (tracking_id, stream_revision)
);
