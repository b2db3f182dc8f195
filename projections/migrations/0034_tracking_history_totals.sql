-- How many entries each tracking's history has: the history panel's total without counting every row.
create table tracking_history_totals (
  tracking_id text primary key,
  total       integer not null
);
insert into tracking_history_totals (tracking_id, total)
select tracking_id, count(*) from tracking_history group by tracking_id;
