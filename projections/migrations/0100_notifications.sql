-- In-app notifications (issue 20): one row per DriftAlertRaised, marked read by NotificationRead.
create table notifications (
  notification_id text primary key,          -- the DriftAlertRaised event id
  user_id         text not null,
  kind            text not null,             -- 'drift-alert'
  tracking_id     text not null,
  etf_symbol      text not null,
  reference_rate  numeric,
  current_rate    numeric not null,
  created_at      timestamptz not null,
  read_at         timestamptz
);
create index notifications_by_user on notifications (user_id, created_at desc);
create index notifications_unread on notifications (user_id) where read_at is null;
