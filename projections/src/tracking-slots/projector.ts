import {
  parseTrackingQuotaEvent,
  type RecordedEvent,
  streamCategory,
  TRACKING_QUOTA_CATEGORY,
  toTrackingEvent,
} from '@etf-replicator/core';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import type { Projector } from '../runner/projector';

export const TRACKING_SLOTS_PROJECTION = 'tracking_slots';

const userOfQuotaStream = (streamId: string) => streamId.slice(TRACKING_QUOTA_CATEGORY.length + 1);

/** A recorded event that breaks its schema is skipped, never fatal for the projection (CONVENTIONS §6.5). */
const parsed = <T>(parse: () => T): T | undefined => {
  try {
    return parse();
  } catch {
    return undefined;
  }
};

const applySlot = async (tx: DatabaseTransactionConnection, recorded: RecordedEvent) => {
  const event = parsed(() =>
    parseTrackingQuotaEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion),
  );
  if (!event) return;
  const held = event.type === 'TrackingSlotReserved';
  await tx.query(sql.unsafe`
    insert into tracking_slots (tracking_id, user_id, held, reserved_at, slot_revision)
    values (${event.data.trackingId}, ${userOfQuotaStream(recorded.streamId)}, ${held},
            ${held ? event.data.occurredAt : null}, ${recorded.streamRevision})
    on conflict (tracking_id) do update
       set held = excluded.held, reserved_at = excluded.reserved_at, slot_revision = excluded.slot_revision
     where tracking_slots.slot_revision is null or tracking_slots.slot_revision < excluded.slot_revision`);
};

const applyTracking = async (tx: DatabaseTransactionConnection, recorded: RecordedEvent) => {
  const event = parsed(() => toTrackingEvent(recorded));
  if (event?.type === 'TrackingCreated') {
    await tx.query(sql.unsafe`
      insert into tracking_slots (tracking_id, user_id, tracking, tracking_revision)
      values (${event.data.trackingId}, ${event.data.userId}, 'live', ${recorded.streamRevision})
      on conflict (tracking_id) do update set tracking = 'live', tracking_revision = excluded.tracking_revision
       where tracking_slots.tracking_revision is null
          or tracking_slots.tracking_revision < excluded.tracking_revision`);
  } else if (event?.type === 'TrackingDeleted') {
    await tx.query(sql.unsafe`
      update tracking_slots set tracking = 'deleted', tracking_revision = ${recorded.streamRevision}
       where tracking_id = ${recorded.streamId.slice('tracking-'.length)}
         and (tracking_revision is null or tracking_revision < ${recorded.streamRevision})`);
  }
};

/**
 * `tracking_slots`: per tracking, whether its slot on `trackingquota-{userId}` is held and whether the tracking
 * lives, the two facts a crash between the two commands can leave out of step.
 */
export const trackingSlotsProjector: Projector = {
  name: TRACKING_SLOTS_PROJECTION,
  inline: true,
  eventTypes: ['TrackingSlotReserved', 'TrackingSlotReleased', 'TrackingCreated', 'TrackingDeleted'],
  tables: ['tracking_slots'],
  handle: async (tx, recorded) => {
    const category = streamCategory(recorded.streamId);
    if (category === TRACKING_QUOTA_CATEGORY) await applySlot(tx, recorded);
    else if (category === 'tracking') await applyTracking(tx, recorded);
  },
};
