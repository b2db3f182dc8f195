import type { FastifyInstance } from 'fastify';
import { startDatedRederive } from '../../trackings/dated-rederive';
import { startSlotReconciler } from '../../trackings/slot-reconciler';
import { exclusionRoutes } from './exclusion-routes';
import { exportRoutes } from './export-routes';
import { harvestRoutes } from './harvest-routes';
import { importRoutes } from './import-routes';
import { indexRoutes } from './index-routes';
import { priceAlertRoutes } from './price-alert-routes';
import { rateHistoryRoute } from './rate-history-route';
import { settingRoutes } from './setting-routes';
import { taxBudgetRoutes } from './tax-budget-routes';
import { taxRoutes } from './tax-routes';
import { trackingRoutes } from './tracking-routes';
import { unsubscribeRoute } from './unsubscribe-route';

/** /api/trackings/*: the tracking aggregate's commands and read models; the slot reconciler beside them. */
export default async function trackingsFeature(app: FastifyInstance) {
  trackingRoutes(app);
  settingRoutes(app);
  exclusionRoutes(app);
  indexRoutes(app);
  rateHistoryRoute(app);
  taxRoutes(app);
  taxBudgetRoutes(app);
  exportRoutes(app);
  await app.register(importRoutes);
  harvestRoutes(app);
  priceAlertRoutes(app);
  unsubscribeRoute(app);
  startSlotReconciler(app);
  startDatedRederive(app);
}
