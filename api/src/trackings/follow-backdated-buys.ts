import type { Tracking, TrackingEvent } from '@etf-replicator/core';
import { nyTradeDate } from '@etf-replicator/core/tax/trade-date';
import { backdatedBuys, followRecordedActions } from '@etf-replicator/core/tracking/commands/backdated-buys';
import type { CorporateActionApplied } from '@etf-replicator/core/tracking/events';
import type { FastifyInstance } from 'fastify';
import { nameBasedUuid } from '../market-data/content-hash';
import { listCorporateActions } from '../market-data/corporate-actions/record-corporate-action';

/**
 * The corporate actions the BUYs a command just decided must follow (issue 32): recorded actions effective after a
 * BUY's trade date and by today, applied to that BUY's lots only. Appended with the orders, in the same append, so
 * a recorded backdated BUY is never left unadjusted. Broker imports never come here (their files list adjusted
 * shares). The event id derives from the tracking, the action and the lots: a retry appends nothing twice.
 */
export const actionsFollowingBuys = async (
  app: Pick<FastifyInstance, 'eventStore'>,
  trackingId: string,
  decided: readonly TrackingEvent[],
  after: Tracking,
  now: Date,
): Promise<CorporateActionApplied[]> => {
  const today = nyTradeDate(now.toISOString());
  const buys = backdatedBuys(decided, today);
  if (buys.length === 0) return [];
  return followRecordedActions(after, buys, await listCorporateActions(app.eventStore), {
    now,
    today,
    eventIdOf: (actionId, lotIds) =>
      nameBasedUuid('corporate-action-applied', trackingId, actionId, ...lotIds),
  });
};
