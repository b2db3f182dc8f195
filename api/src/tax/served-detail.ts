import { dec } from '@etf-replicator/core';
import { alertsVersion, pauseOrders } from '@etf-replicator/core/market-data/paused-orders';
import type { PriceAlert } from '@etf-replicator/core/market-data/price-alerts';
import type { TrackingRecord } from '@etf-replicator/projections/trackings/queries';
import type { FastifyInstance } from 'fastify';
import { trackingPriceAlerts } from '../market-data/corporate-actions/paused-orders';
import { type InvestorLedger, investorLedger } from './investor-ledger';
import { withTaxBudget } from './tax-budget-detail';
import { holdBackBuys, nyToday } from './wash-windows';

/**
 * The tracking as every route serves it (detail, command answers, orders CSV): its suggested orders without
 * - the orders of a held symbol whose price move no recorded corporate action or admin confirmation explains
 *   (issue 32 item 2) and, when one of them is a SELL, the BUYs only its cash would pay for (both listed in
 *   `pausedOrders`), and
 * - the BUYs an open wash-sale window of the investor holds back (listed in `heldBackBuys`).
 * The paused-orders rule is core pauseOrders, which the drift e-mail and the previews apply too. The version (ETag) also changes with the investor's other
 * trackings, the date (a loss sale elsewhere or a window's end changes what is held back) and the price alerts (a
 * confirmation or a new action clears one).
 */
export const servedRecord = async (app: FastifyInstance, record: TrackingRecord): Promise<TrackingRecord> =>
  (await servedRecordAndLedger(app, record)).served;

/** servedRecord, with the investor's ledger it was served with (none for a deleted tracking). */
export const servedRecordAndLedger = async (
  app: FastifyInstance,
  record: TrackingRecord,
): Promise<{ served: TrackingRecord; investor: InvestorLedger | undefined }> => {
  if (record.deleted) return { served: record, investor: undefined };
  // Neither read needs the other (the tax budget leaves the holdings as they are): one wait instead of two.
  const [investor, alerts] = await Promise.all([
    investorLedger(app, record.userId),
    trackingPriceAlerts(
      app,
      { symbol: record.symbol, index: record.detail.index },
      record.detail.currentReplication.investments,
    ),
  ]);
  const today = nyToday();
  const budgeted = { ...record, detail: await withTaxBudget(app, record, investor, today) };
  return { served: servedWithLedger(budgeted, investor, alerts, today), investor };
};

const servedWithLedger = (
  record: TrackingRecord,
  investor: InvestorLedger,
  alerts: readonly PriceAlert[],
  today: string,
): TrackingRecord => {
  const cash = dec(record.detail.currentReplication.leftoverAmount);
  const flagged = pauseOrders(record.detail.adjustmentOrders, alerts, cash, record.detail.prices);
  const { orders, heldBack } = holdBackBuys(investor, flagged.orders, today);
  const toTarget = record.detail.ordersToReachTarget;
  return {
    ...record,
    version: `${record.version}|${investor.version}|${today}|${alertsVersion(alerts)}`,
    detail: {
      ...record.detail,
      adjustmentOrders: orders,
      heldBackBuys: heldBack,
      pausedOrders: flagged.paused,
      ...(toTarget
        ? {
            ordersToReachTarget: holdBackBuys(
              investor,
              pauseOrders(
                toTarget,
                alerts,
                cash.add(record.detail.cashToReachTarget ?? '0'),
                record.detail.prices,
              ).orders,
              today,
            ).orders,
          }
        : {}),
    },
  };
};
