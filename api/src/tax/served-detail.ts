import { type Decimal, dec } from '@etf-replicator/core';
import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import {
  alertsVersion,
  type PausedOrder,
  pauseFlaggedOrders,
  pauseUnfundedBuys,
} from '@etf-replicator/core/market-data/paused-orders';
import type { PriceAlert } from '@etf-replicator/core/market-data/price-alerts';
import type { TrackingRecord } from '@etf-replicator/projections/trackings/queries';
import type { FastifyInstance } from 'fastify';
import { heldSymbols, priceAlertsOf } from '../market-data/corporate-actions/price-alerts';
import { investorLedger } from './investor-ledger';
import { withTaxBudget } from './tax-budget-detail';
import { holdBackBuys, nyToday } from './wash-windows';

/** The orders of flagged symbols, and the BUYs a paused SELL would have paid for, taken out and listed. */
const paused = (
  orders: readonly AdjustmentOrderLine[],
  alerts: readonly PriceAlert[],
  cash: Decimal,
  prices: Readonly<Record<string, string>>,
): { orders: AdjustmentOrderLine[]; paused: PausedOrder[] } => {
  if (alerts.length === 0) return { orders: [...orders], paused: [] };
  const flagged = pauseFlaggedOrders(orders, alerts);
  return pauseUnfundedBuys(flagged.orders, flagged.paused, cash, prices);
};

/**
 * The tracking as every route serves it (detail, command answers, orders CSV): its suggested orders without
 * - the orders of a held symbol whose price move no recorded corporate action or admin confirmation explains
 *   (issue 32 item 2) and, when one of them is a SELL, the BUYs only its cash would pay for (both listed in
 *   `pausedOrders`), and
 * - the BUYs an open wash-sale window of the investor holds back (listed in `heldBackBuys`).
 * The one place both rules touch suggested orders. The version (ETag) also changes with the investor's other
 * trackings, the date (a loss sale elsewhere or a window's end changes what is held back) and the price alerts (a
 * confirmation or a new action clears one).
 */
export const servedRecord = async (app: FastifyInstance, record: TrackingRecord): Promise<TrackingRecord> => {
  if (record.deleted) return record;
  const investor = await investorLedger(app, record.userId);
  const today = nyToday();
  const budgeted = { ...record, detail: await withTaxBudget(app, record, investor, today) };
  return servedWithLedger(app, budgeted, investor, today);
};

const servedWithLedger = async (
  app: FastifyInstance,
  record: TrackingRecord,
  investor: Awaited<ReturnType<typeof investorLedger>>,
  today: string,
): Promise<TrackingRecord> => {
  const held = heldSymbols(record.detail.currentReplication.investments);
  const alerts = await priceAlertsOf(app.eventStore, app.db.pool, record.symbol, held);
  const cash = dec(record.detail.currentReplication.leftoverAmount);
  const flagged = paused(record.detail.adjustmentOrders, alerts, cash, record.detail.prices);
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
              paused(toTarget, alerts, cash.add(record.detail.cashToReachTarget ?? '0'), record.detail.prices)
                .orders,
              today,
            ).orders,
          }
        : {}),
    },
  };
};
