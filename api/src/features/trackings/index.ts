import type { FastifyInstance } from 'fastify';
import { settingRoutes } from './setting-routes';
import { trackingRoutes } from './tracking-routes';

/** /api/trackings/*: the tracking aggregate's commands and read models. */
export default async function trackingsFeature(app: FastifyInstance) {
  trackingRoutes(app);
  settingRoutes(app);
}
