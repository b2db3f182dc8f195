-- Issue 30: trackings of a blend or a custom list follow several ETF snapshots. A new snapshot looks them up by
-- their index (tracking_detail.state->'index', absent for ETF trackings) instead of by symbol; they are few.
create index if not exists tracking_detail_index_trackings on tracking_detail (tracking_id)
  where (state -> 'index') is not null;
