import type { TrackingRecord } from '@etf-replicator/projections/trackings/queries';
import type { FastifyInstance } from 'fastify';
import { investorLedger } from './investor-ledger';
import { holdBackBuys, nyToday } from './wash-windows';

/**
 * The tracking as every route serves it (detail, command answers, orders CSV): its suggested orders without the BUYs
 * an open wash-sale window of the investor holds back (listed in `heldBackBuys`). The one place the window rule
 * touches suggested orders. The version (ETag) also changes with the investor's other trackings and the date, since
 * a loss sale elsewhere or a window's end changes what is held back.
 */
export const servedRecord = async (app: FastifyInstance, record: TrackingRecord): Promise<TrackingRecord> => {
  if (record.deleted) return record;
  const investor = await investorLedger(app, record.userId);
  const today = nyToday();
  const { orders, heldBack } = holdBackBuys(investor, record.detail.adjustmentOrders, today);
  const toTarget = record.detail.ordersToReachTarget;
  return {
    ...record,
    version: `${record.version}|${investor.version}|${today}`,
    detail: {
      ...record.detail,
      adjustmentOrders: orders,
      heldBackBuys: heldBack,
      ...(toTarget ? { ordersToReachTarget: holdBackBuys(investor, toTarget, today).orders } : {}),
    },
  };
};
