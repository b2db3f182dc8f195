-- "Trust This Device" ticked before a Google sign-in: the round trip leaves the app, so the choice travels with the
-- state and decides whether the refresh cookie issued at the callback is persistent (30 days) or per session.
alter table oauth_states add column persist boolean not null default false;
