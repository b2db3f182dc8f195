-- Issue 27 item 7: an ETF whose recompute throws is parked here with its error (health and the admin page show it)
-- instead of stopping the queue for every ETF after it. A newer snapshot of that ETF, or an admin's retry, clears it.
alter table tracking_recompute_queue add column if not exists failed_at timestamptz;
alter table tracking_recompute_queue add column if not exists error text;
