-- Each tracking's slot beside the tracking itself (tracking-slots projector), so the slot reconciler finds what a
-- crash left half done without reading every quota stream: a held slot whose tracking was deleted or never came,
-- or a live tracking without a slot. Each side remembers the revision of its stream it applied (replays are no-ops).
create table tracking_slots (
  tracking_id       text primary key,
  user_id           text not null,
  held              boolean not null default false,
  reserved_at       timestamptz,
  slot_revision     bigint,
  tracking          text not null default 'absent' check (tracking in ('absent', 'live', 'deleted')),
  tracking_revision bigint
);
-- The rows the reconciler looks at: slot and tracking disagree.
create index tracking_slots_unsettled on tracking_slots (user_id) where held <> (tracking = 'live');
