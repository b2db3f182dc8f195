-- Issue 29: the investor's portfolio and tax ledger read every tracking of one user, deleted ones included (their
-- sales and lots still count). The index by user skipped deleted rows, so those reads scanned the whole table.
create index if not exists tracking_detail_by_owner on tracking_detail (user_id);
