-- A tracking_states row holds all the positions only on a checkpoint (every 64 revisions and a tracking's first);
-- the others hold what their event changed (projections/src/trackings/state-positions.ts): a tracking of 500
-- holdings wrote 7.7 KB of positions per order. The trackings projection (version 13) rebuilds the rows.
alter table tracking_states
  alter column positions drop not null,
  add column position_changes jsonb,
  add constraint tracking_states_one_positions_column check ((positions is null) <> (position_changes is null));
