import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { heldSymbols, priceAlertsOf } from '../../market-data/corporate-actions/price-alerts';
import { readableTracking } from '../../trackings/run-tracking-command';
import { trackingIdParams } from './tracking-routes';

export const priceAlertSchema = z.object({
  symbol: z.string(),
  from: z.string(),
  to: z.string(),
  changePercent: z.string(),
  snapshotDate: z.string(),
});

/**
 * GET /api/trackings/{id}/price-alerts (issue 32 item 2): held stocks whose price moved more than 50 % between the
 * ETF's last two snapshots with no recorded corporate action or admin confirmation to explain it.
 */
export const priceAlertRoutes = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/trackings/:trackingId/price-alerts',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: 'Price moves of held stocks that no recorded corporate action explains',
        security: [{ bearerAuth: [] }],
        params: trackingIdParams,
        response: { 200: z.object({ priceAlerts: z.array(priceAlertSchema) }) },
      },
    },
    async (request) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const held = heldSymbols(record.detail.currentReplication.investments);
      return {
        priceAlerts: await priceAlertsOf(
          app.eventStore,
          app.db.pool,
          { symbol: record.symbol, index: record.detail.index },
          held,
        ),
      };
    },
  );
};
