-- Feedback read model, built from FeedbackSubmitted events.
create table feedback (
  feedback_id       uuid primary key,
  user_id           text,
  email             text,
  message           text not null,
  submitted_at      timestamptz not null,
  client_timestamp  text,
  page_url          text,
  user_agent        text,
  language          text,
  screen_resolution text,
  time_zone         text,
  referrer          text,
  image_count       integer not null default 0
);
create index feedback_newest_first on feedback (submitted_at desc);

-- Screenshot bytes stay out of the event log (events only describe them); written before the event is appended.
create table feedback_images (
  feedback_id uuid not null,
  position    integer not null,
  media_type  text not null,
  bytes       bytea not null,
  sha256      text not null,
  created_at  timestamptz not null default now(),
  primary key (feedback_id, position)
);
