-- E-mails that must go out exactly once per cause (issue 20: one drift alert e-mail per DriftAlertRaised). The key
-- names the cause ('drift-alert:<event id>'); it is inserted in the same transaction as the mail_outbox row, so a
-- message is either stored for delivery or still missing, and the start-up sweep sends the missing ones.
create table mail_once (
  key        text primary key,
  mail_id    text not null,
  created_at timestamptz not null default now()
);
