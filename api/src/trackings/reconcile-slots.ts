import { randomUUID } from 'node:crypto';
import {
  type EventStore,
  reconcileTrackingSlots,
  type TrackingExistence,
  trackingQuotaStreamId,
  trackingStreamId,
} from '@etf-replicator/core';
import type { Database } from '@etf-replicator/projections';
import { findUnsettledSlots } from '@etf-replicator/projections/tracking-slots/queries';
import { handleCommand } from '../commands/handle-command';
import { trackingFolder, trackingQuotaFolder } from './tracking-streams';

/** What the tracking's own stream says (the read model only pointed at it). */
const existenceOf = async (
  eventStore: EventStore,
  trackingId: string,
  userId: string,
): Promise<TrackingExistence> => {
  let state = trackingFolder.initialState();
  for (const event of await eventStore.readStream(trackingStreamId(trackingId)))
    state = trackingFolder.evolve(state, trackingFolder.parse(event));
  if (state.status === 'Empty' || state.userId !== userId) return 'absent';
  return state.status === 'Deleted' ? 'deleted' : 'live';
};

export type ReconcileOutcome = {
  readonly users: number;
  readonly released: number;
  readonly retaken: number;
  /** Users whose quota stream kept changing under the reconciler: left for the next run. */
  readonly failed: number;
};

/**
 * Finds slots out of step with their trackings (the `tracking_slots` read model), checks each tracking on its own
 * stream, and appends the reconciling events on the user's quota stream with the expected revision. Two instances
 * reconciling at once cannot double anything: the loser of the race decides again on the new state, which needs
 * nothing. A user whose stream keeps changing is left for the next run.
 */
export const reconcileSlots = async (
  { eventStore, db }: { eventStore: EventStore; db: Database },
  { ttlMs, now = new Date() }: { ttlMs: number; now?: Date },
): Promise<ReconcileOutcome> => {
  const unsettled = await findUnsettledSlots(db.pool, { reservedBefore: new Date(now.getTime() - ttlMs) });
  const byUser = new Map<string, string[]>();
  for (const slot of unsettled)
    byUser.set(slot.userId, [...(byUser.get(slot.userId) ?? []), slot.trackingId]);
  const outcome = { users: 0, released: 0, retaken: 0, failed: 0 };
  for (const [userId, trackingIds] of byUser) {
    const trackings = new Map<string, TrackingExistence>();
    for (const trackingId of trackingIds)
      trackings.set(trackingId, await existenceOf(eventStore, trackingId, userId));
    const appended = await handleCommand(
      eventStore,
      trackingQuotaStreamId(userId),
      trackingQuotaFolder,
      (state) => reconcileTrackingSlots(state, { trackings, now, ttlMs }),
      { actorUserId: null, correlationId: randomUUID() },
    ).then(
      (result) => result.appended,
      () => undefined,
    );
    if (!appended) outcome.failed++;
    if (!appended?.length) continue;
    outcome.users++;
    for (const event of appended) {
      if (event.type === 'TrackingSlotReleased') outcome.released++;
      else outcome.retaken++;
    }
  }
  return outcome;
};
