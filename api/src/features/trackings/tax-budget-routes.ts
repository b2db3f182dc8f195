import { taxBudgetRequestSchema, taxTradeoffResponseSchema } from '@etf-replicator/core/contracts/tax-budget';
import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { investorLedger } from '../../tax/investor-ledger';
import { taxTradeoff } from '../../tax/tax-tradeoff';
import { nyToday } from '../../tax/wash-windows';
import { commandCaller, readableTracking, runTrackingCommand } from '../../trackings/run-tracking-command';
import { trackingIdParams } from './tracking-routes';

const security = [{ bearerAuth: [] }];

/**
 * The gains budget (issue 31): set it (a command like the other settings: If-Match, Idempotency-Key, revertible),
 * and the trade-off curve of what each budget would buy.
 */
export const taxBudgetRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/trackings/:trackingId/tax-budget',
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: {
        tags: ['trackings'],
        summary:
          'Set the most net capital gain the suggested orders may realise in a tax year (null: no limit), and whether short-term gains are allowed',
        security,
        params: trackingIdParams,
        body: taxBudgetRequestSchema,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) =>
      (
        await runTrackingCommand(app, {
          ...commandCaller(request),
          type: 'SetTaxBudget',
          data: () => ({ ...request.body }),
        })
      ).detail,
  );

  typed.get(
    '/api/trackings/:trackingId/tax-tradeoff',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary:
          'The best replication rate at about 12 gains budgets from $0 to what today’s orders realise, and the years to 95 % with the same budget each year',
        security,
        params: trackingIdParams,
        response: { 200: taxTradeoffResponseSchema },
      },
    },
    async (request) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const investor = await investorLedger(app, record.userId);
      return taxTradeoff(app, record, investor, nyToday());
    },
  );
};
