-- Issue 27 item 6: the drift check reads only the snapshots it needs (the one in force at a tracking's last order,
-- and the latest) instead of the ETF's whole snapshot stream; it finds them by their log position. Rows recorded
-- before this column stay null until a rebuild of the market-data projection; the check then reads the stream.
alter table etf_snapshots add column if not exists global_position text;
