-- One row per projector: the opaque log position it has applied up to. Written in the same transaction as the
-- read-model rows of the batch, so a crash can never apply a batch twice or skip one.
create table projection_checkpoints (
  projection text primary key,
  position   text not null,
  updated_at timestamptz not null default now()
);
