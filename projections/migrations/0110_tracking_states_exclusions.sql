-- Issue 17: the exclusions in force after each event (symbols and sectors, as the engine takes them), so that the
-- rate history measures each state against the re-weighted universe the tracking had then. Null: none.
alter table tracking_states add column exclusions jsonb;
