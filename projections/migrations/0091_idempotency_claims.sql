-- Who runs an Idempotency-Key request, and since when. A request unanswered for longer than the server's bound was
-- cut off (a crash): the next retry takes the claim over (compare-and-set on claim_token) and completes the request
-- from the log instead of answering 409 until the row is purged.
alter table idempotency_keys
  add column claimed_at  timestamptz not null default now(),
  add column claim_token text;
