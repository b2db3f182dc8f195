-- A new ETF snapshot no longer recomputes every tracking of that ETF inside the transaction that applies it (one
-- long transaction held back every snapshot reader of the log): the projector queues the ETF here, and
-- trackings/recompute-stale.ts derives the trackings whose view predates the snapshot in small transactions.
alter table tracking_detail add column if not exists snapshot_event_id text;

create table tracking_recompute_queue (
  symbol            text primary key,
  snapshot_event_id text not null,
  recorded_at       timestamptz not null   -- the snapshot event's: what the recomputed rows' updated_at becomes
);
