import type { DefaultCommandMetadata } from '../../shared/decider';
import { trackingErrors } from '../errors';
import type { TrackingEvent } from '../events';
import type { ActiveTracking, Tracking } from '../state';

/** The acting user (when the command names one) must own the tracking. */
export const requireOwner = (
  state: Exclude<Tracking, { status: 'Empty' }>,
  metadata: DefaultCommandMetadata,
) => {
  if (metadata.actorUserId !== undefined && metadata.actorUserId !== state.userId)
    throw trackingErrors.notOwner();
};

/** The tracking a command acts on: it must exist, not be deleted, and belong to the acting user. */
export const requireActive = (state: Tracking, metadata: DefaultCommandMetadata): ActiveTracking => {
  if (state.status === 'Empty') throw trackingErrors.notFound();
  if (state.status === 'Deleted') throw trackingErrors.deleted();
  requireOwner(state, metadata);
  return state;
};

export const occurredAt = (metadata: DefaultCommandMetadata): string => metadata.now.toISOString();

/** The one event a command produces, carrying the id the caller chose. */
export const emit = <E extends TrackingEvent>(
  metadata: DefaultCommandMetadata,
  type: E['type'],
  data: E['data'],
): E[] => [{ id: metadata.eventId, type, data } as E];

/** Validates a requested numberOfWeightings against the plan's cap for this ETF. */
export const checkNumberOfWeightings = (value: number, cap: number): void => {
  if (!Number.isInteger(value) || value < 1) throw trackingErrors.invalidWeightings();
  if (value > cap) throw trackingErrors.weightingsAbovePlan(cap);
};
