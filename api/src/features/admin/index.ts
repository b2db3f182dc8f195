import type { FastifyInstance } from 'fastify';
import { ROLE_ADMIN } from '../../auth/session-user';
import { endpoint3Route } from './about/endpoint3';
import { aboutRoute } from './about/get-about';
import { exportAuditCsvRoute } from './audit/export-audit-csv';
import { auditLogRoutes } from './audit/get-audit-log';
import { corporateActionRoutes } from './market/corporate-actions';
import { importMarketRoute } from './market/import-market';
import { refreshMarketRoutes } from './market/refresh-market';
import { projectionFailuresRoutes } from './projections/projection-failures';
import { searchTrackingsRoute } from './trackings/search-trackings';
import { trackingReplayRoute } from './trackings/tracking-replay';
import { searchUsersRoute } from './users/search-users';

/**
 * Staff tools, admins only (401 signed out, 403 otherwise): the audit log and its CSV export, tracking time travel,
 * the paged user table, About, the test console's /api/endpoint3, and the projection runner's parked events
 * (listed, and retried after a fix), and a dated bundled market snapshot (POST /api/admin/market/import), and the market-data refresh runs (list, start one).
 */
export default async function adminFeature(app: FastifyInstance) {
  app.addHook('onRequest', app.requireRole(ROLE_ADMIN));
  auditLogRoutes(app);
  exportAuditCsvRoute(app);
  searchTrackingsRoute(app);
  trackingReplayRoute(app);
  searchUsersRoute(app);
  aboutRoute(app);
  endpoint3Route(app);
  projectionFailuresRoutes(app);
  importMarketRoute(app);
  refreshMarketRoutes(app);
  corporateActionRoutes(app);
}
