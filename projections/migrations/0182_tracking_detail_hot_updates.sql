-- Issue 28: every command rewrites its tracking's row (state, view, revision). PostgreSQL rewrites a row in place
-- (a HOT update: no new index entries, the old version pruned from its page) only when no index names a changed
-- column, in its key, an expression or its WHERE. 0178's index named `state` in its WHERE, so every order left a dead
-- version and a new entry in each of the table's five indexes (33,000 orders on 50 trackings: 60 MB for 50 rows, and
-- PostgreSQL's CPU per command doubled within 30 seconds). The index now names a column that does not change.
alter table tracking_detail set (fillfactor = 80);
alter table tracking_detail
  add column if not exists follows_index boolean generated always as ((state -> 'index') is not null) stored;
drop index if exists tracking_detail_index_trackings;
create index if not exists tracking_detail_following_index on tracking_detail (tracking_id) where follows_index;
