import type { Tracking, TrackingCommand, TrackingEvent } from '@etf-replicator/core';
import { nyTradeDate } from '@etf-replicator/core/tax/trade-date';
import {
  decideFollowingActions,
  holdsBackdatedBuy,
  type RecordedAction,
} from '@etf-replicator/core/tracking/commands/backdated-buys';
import type { FastifyInstance } from 'fastify';
import { nameBasedUuid } from '../market-data/content-hash';
import { listCorporateActions } from '../market-data/corporate-actions/record-corporate-action';

/** Decides one command of a tracking against the state it finds; the commands of one request share one instance. */
export type CommandDecider = (command: TrackingCommand, state: Tracking) => Promise<TrackingEvent[]>;

/**
 * Decides a tracking's commands so that a BUY dated before a recorded corporate action follows it right after the
 * BUY (issue 32): recorded actions effective after its trade date and by today, applied to that BUY's lots only,
 * before the next order or command is decided, and appended with them — a recorded backdated BUY is never left
 * unadjusted. The corporate-actions stream is read once, and only for a command holding a BUY dated before today.
 * Broker imports never follow (their files list adjusted shares). The event id derives from the tracking, the
 * action and the lots: a retry appends nothing twice.
 */
export const followingDecider = (
  app: Pick<FastifyInstance, 'eventStore'>,
  trackingId: string,
  now: Date,
): CommandDecider => {
  const today = nyTradeDate(now.toISOString());
  let actions: Promise<RecordedAction[]> | undefined;
  return async (command, state) => {
    if (!holdsBackdatedBuy(command, today)) return decideFollowingActions(command, state, undefined);
    actions ??= listCorporateActions(app.eventStore);
    return decideFollowingActions(command, state, {
      actions: await actions,
      today,
      eventIdOf: (actionId, lotIds) =>
        nameBasedUuid('corporate-action-applied', trackingId, actionId, ...lotIds),
    });
  };
};
