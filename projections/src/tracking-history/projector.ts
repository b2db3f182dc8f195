import {
  parseTrackingEvent,
  type RecordedEvent,
  type TrackingEvent,
  trackingEventSchemas,
} from '@etf-replicator/core';
import type { HistoryEntry } from '@etf-replicator/core/contracts/trackings';
import { sql } from 'slonik';
import type { Projector } from '../runner/projector';

type Entry = { actionType: string; details: HistoryEntry['details'] } | undefined;

const entryFor = (event: TrackingEvent): Entry => {
  switch (event.type) {
    case 'OrderExecuted': {
      const { orderType, shares, symbol, price, amount } = event.data;
      return { actionType: 'EXECUTE_ORDER', details: { orderType, shares, symbol, price, amount } };
    }
    case 'TargetRaised':
      return {
        actionType: 'RAISE_TARGET',
        details: { amount: event.data.amount, targetAmount: event.data.targetAmount },
      };
    case 'TargetLowered':
      return {
        actionType: 'LOWER_TARGET',
        details: { amount: event.data.amount, targetAmount: event.data.targetAmount },
      };
    case 'FractionalSharesToggled':
      return {
        actionType: 'TOGGLE_FRACTIONAL',
        details: {
          setting: 'fractionalShares',
          from: !event.data.fractionalShares,
          to: event.data.fractionalShares,
        },
      };
    case 'AutoTrackingToggled':
      return {
        actionType: 'TOGGLE_AUTO_TRACKING',
        details: { setting: 'autoTracking', from: !event.data.autoTracking, to: event.data.autoTracking },
      };
    case 'NumberOfWeightingsChanged':
      return {
        actionType: 'CHANGE_NUMBER_OF_WEIGHTINGS',
        details: {
          setting: 'numberOfWeightings',
          from: event.data.previousNumberOfWeightings,
          to: event.data.numberOfWeightings,
        },
      };
    case 'ActionReverted':
      return { actionType: 'REVERT', details: { revertsActionId: event.data.actionId } };
    default:
      return undefined; // creation and deletion are not actions
  }
};

const parse = (recorded: RecordedEvent): TrackingEvent | undefined => {
  try {
    const parsed = parseTrackingEvent(
      recorded.type,
      recorded.data,
      recorded.metadata.schemaVersion as number | undefined,
    );
    return { id: recorded.id, ...parsed } as TrackingEvent;
  } catch {
    return undefined;
  }
};

/** `tracking_history`: one row per action, a revert marking the row it undid. Replays are no-ops (keyed by id). */
export const trackingHistoryProjector: Projector = {
  name: 'tracking_history',
  eventTypes: Object.keys(trackingEventSchemas),
  tables: ['tracking_history'],
  handle: async (tx, recorded) => {
    const event = parse(recorded);
    const entry = event && entryFor(event);
    if (!event || !entry) return;
    const trackingId = recorded.streamId.slice('tracking-'.length);
    await tx.query(sql.unsafe`
      insert into tracking_history (action_id, tracking_id, stream_revision, occurred_at, action_type, details)
      values (${recorded.id}, ${trackingId}, ${recorded.streamRevision}, ${(event.data as { occurredAt: string }).occurredAt},
              ${entry.actionType}, ${sql.jsonb(entry.details as never)})
      on conflict (action_id) do nothing`);
    if (event.type === 'ActionReverted') {
      await tx.query(sql.unsafe`
        update tracking_history set reverted = true, reverted_by = ${recorded.id}
         where action_id = ${event.data.actionId} and tracking_id = ${trackingId}`);
    }
  },
};
