-- The order messages were stored in. created_at is the transaction's start time, and two messages sent within one
-- clock tick (PGlite's clock has millisecond steps) tie on it: the dev mailbox's "newest first" was then a coin toss.
alter table mail_outbox add column seq bigint generated always as identity;
