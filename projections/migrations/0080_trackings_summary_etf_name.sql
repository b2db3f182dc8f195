-- Issue 15: the Tracked ETFs list names each ETF (two QQQ trackings also differ by their creation date, which
-- trackings_summary already keeps). The trackings projector copies the fund name from the ETF's snapshot event into
-- its own snapshot table (replays stay self-contained) and from there into each summary row.
alter table tracking_etf_snapshots add column name text;
update tracking_etf_snapshots t set name = f.name from etf_funds f where f.symbol = t.symbol;

alter table trackings_summary add column etf_name text;
update trackings_summary s set etf_name = t.name from tracking_etf_snapshots t where t.symbol = s.symbol;
