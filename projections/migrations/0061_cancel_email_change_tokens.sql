-- A link to the OLD address that cancels a pending e-mail change (issue 21: the old address is told at request
-- time). Same table and rules as the other one-time links.
alter table account_tokens drop constraint account_tokens_purpose_check;
alter table account_tokens add constraint account_tokens_purpose_check
  check (purpose in ('confirm_email', 'reset_password', 'change_email', 'cancel_email_change'));
