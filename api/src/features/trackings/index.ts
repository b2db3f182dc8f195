import type { FastifyInstance } from 'fastify';
import { startSlotReconciler } from '../../trackings/slot-reconciler';
import { rateHistoryRoute } from './rate-history-route';
import { settingRoutes } from './setting-routes';
import { taxRoutes } from './tax-routes';
import { trackingRoutes } from './tracking-routes';
import { unsubscribeRoute } from './unsubscribe-route';

/** /api/trackings/*: the tracking aggregate's commands and read models; the slot reconciler beside them. */
export default async function trackingsFeature(app: FastifyInstance) {
  trackingRoutes(app);
  settingRoutes(app);
  rateHistoryRoute(app);
  taxRoutes(app);
  unsubscribeRoute(app);
  startSlotReconciler(app);
}
