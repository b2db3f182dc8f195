-- Issue 28 item 4: a tracking's open lots in rows of their own, changed lot by lot, so that what a command writes
-- stays proportional to what it changed (one lot for a BUY) instead of rewriting every open lot in
-- tracking_detail.state. Part of the trackings projection (rebuilt with it).
create table if not exists tracking_lots (
  tracking_id text not null,
  lot_id text not null,
  lot jsonb not null,
  primary key (tracking_id, lot_id)
);
