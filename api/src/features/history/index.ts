import {
  historyPageSchema,
  historyQuerySchema,
  revertRequestSchema,
} from '@etf-replicator/core/contracts/history';
import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { getTrackingHistory } from '@etf-replicator/projections/tracking-history/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ifMatchRevision } from '../../http/if-match';
import { investorLedger } from '../../tax/investor-ledger';
import { washSaleOfLot } from '../../tax/wash-windows';
import { planOf } from '../../trackings/market-context';
import { readableTracking, runTrackingCommand } from '../../trackings/run-tracking-command';
import { trackingWeightingsCap } from '../../trackings/tracking-snapshot';
import { trackingIdParams } from '../trackings/tracking-routes';

const security = [{ bearerAuth: [] }];

/** /api/history/*: a tracking's actions, newest first, and RevertAction (a compensating event, never a delete). */
export default async function historyFeature(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/history/:trackingId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['history'],
        summary: 'History of a tracking, newest first',
        security,
        params: trackingIdParams,
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema },
      },
    },
    async (request) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const page = await getTrackingHistory(app.db.pool, request.params.trackingId, request.query);
      if (!page.content.some((entry) => entry.details.orderType === 'BUY')) return page;
      // A BUY that absorbed a disallowed loss says so (issue 26), from the investor's ledger as it stands now.
      const investor = await investorLedger(app, record.userId);
      return {
        ...page,
        content: page.content.map((entry) => {
          const washSale =
            entry.details.orderType === 'BUY' && !entry.reverted
              ? washSaleOfLot(investor, entry.id)
              : undefined;
          return washSale ? { ...entry, details: { ...entry.details, washSale } } : entry;
        }),
      };
    },
  );

  typed.post(
    '/api/history/:trackingId/revert',
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: {
        tags: ['history'],
        summary: 'Revert an action (RevertAction)',
        security,
        params: trackingIdParams,
        body: revertRequestSchema,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) => {
      const { trackingId } = request.params;
      await readableTracking(app, trackingId, { userId: request.user.userId, roles: [] });
      const record = await runTrackingCommand(app, {
        trackingId,
        userId: request.user.userId,
        plan: request.user.plan,
        expectedRevision: ifMatchRevision(request),
        type: 'RevertAction',
        // The cap of the tracking's own index (a blend's or a list's, issue 30); none without a snapshot.
        data: async (state) => {
          const numberOfWeightingsCap = await trackingWeightingsCap(
            app.db.pool,
            planOf(request.user.plan),
            state,
          );
          return {
            actionId: request.body.actionId,
            ...(numberOfWeightingsCap ? { numberOfWeightingsCap } : {}),
            planCheck: { plan: planOf(request.user.plan) },
          };
        },
      });
      return record.detail;
    },
  );
}
