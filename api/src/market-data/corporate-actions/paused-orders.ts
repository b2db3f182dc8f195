import { dec } from '@etf-replicator/core';
import type { AdjustmentOrderLine, PausedOrderLine } from '@etf-replicator/core/contracts/trackings';
import { pauseOrders } from '@etf-replicator/core/market-data/paused-orders';
import type { PriceAlert } from '@etf-replicator/core/market-data/price-alerts';
import type { FastifyInstance } from 'fastify';
import { type AlertSource, heldSymbols, priceAlertsOf } from './price-alerts';

type Infrastructure = Pick<FastifyInstance, 'eventStore' | 'db'>;
type Investments = readonly { readonly symbol: string; readonly numberOfShares: string }[];

/** The price alerts of a tracking (or a previewed one) of `source` (its ETF or its index) holding `investments`. */
export const trackingPriceAlerts = (
  app: Infrastructure,
  source: AlertSource,
  investments: Investments,
): Promise<PriceAlert[]> => priceAlertsOf(app.eventStore, app.db.pool, source, heldSymbols(investments));

/**
 * A tracking view's suggested orders under the paused-orders rule (core pauseOrders, issue 32 item 2), for every
 * list of orders that is not the served tracking (servedRecord applies it there): the drift e-mail and the
 * exclusions and import previews. The view's leftover is the cash the orders may spend.
 */
export const ordersWithoutPaused = async (
  app: Infrastructure,
  source: AlertSource,
  view: {
    readonly adjustmentOrders: readonly AdjustmentOrderLine[];
    readonly currentReplication: { readonly investments: Investments; readonly leftoverAmount: string };
    readonly prices: Readonly<Record<string, string>>;
  },
): Promise<{ orders: AdjustmentOrderLine[]; paused: PausedOrderLine[] }> => {
  const alerts = await trackingPriceAlerts(app, source, view.currentReplication.investments);
  return pauseOrders(view.adjustmentOrders, alerts, dec(view.currentReplication.leftoverAmount), view.prices);
};
