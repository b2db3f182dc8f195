import {
  marketRefreshRequestSchema,
  marketRefreshRunSchema,
  marketRefreshRunsPageSchema,
} from '@etf-replicator/core/contracts/admin';
import { wholeNumber } from '@etf-replicator/core/contracts/whole-number';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRefreshRuns } from '../../../market-data/refresh/refresh-runs';

const messageSchema = z.object({ message: z.string() });

/** The 503 of a refresh asked for where no provider is configured (an operator's setting, not the caller's fault). */
export const NO_MARKET_PROVIDER_MESSAGE =
  'No market-data provider is configured: set FMP_API_KEY to refresh from Financial Modeling Prep. The bundled snapshot can still be imported by date.';

/**
 * GET /api/admin/market/refreshes?page&size: the last refresh runs, newest first, each with its per-ETF outcome.
 * POST /api/admin/market/refresh: starts a refresh from the provider now and answers 202 with the run (it continues
 * in the background; the list shows its progress); 409 while one is running, 503 without FMP_API_KEY.
 */
export const refreshMarketRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/admin/market/refreshes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Market-data refresh runs, newest first, with the outcome per ETF',
        security: [{ bearerAuth: [] }],
        querystring: z
          .object({
            page: wholeNumber().pipe(z.number().min(0).max(100_000)).default(0),
            size: wholeNumber().pipe(z.number().min(1).max(100)).default(10),
          })
          .strict(),
        response: { 200: marketRefreshRunsPageSchema },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { runs, total } = await listRefreshRuns(app.db.pool, { page, size });
      return {
        content: runs,
        totalElements: total,
        page,
        size,
        provider: app.marketRefresh.provider,
        nextScheduledAt: app.marketRefresh.nextScheduledAt()?.toISOString() ?? null,
      };
    },
  );

  typed.post(
    '/api/admin/market/refresh',
    {
      schema: {
        tags: ['admin'],
        summary: 'Start a market-data refresh from the provider now',
        security: [{ bearerAuth: [] }],
        body: marketRefreshRequestSchema.nullish(),
        response: {
          202: marketRefreshRunSchema.pick({ runId: true, status: true }),
          409: messageSchema,
          503: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const started = await app.marketRefresh.start({ trigger: 'admin', startedBy: request.user.userId });
      if (started.kind === 'no-provider') {
        return reply.code(503).send({ message: NO_MARKET_PROVIDER_MESSAGE });
      }
      if (started.kind === 'busy') {
        return reply
          .code(409)
          .send({ message: 'A market-data refresh is already running; wait for it to finish.' });
      }
      return reply.code(202).send({ runId: started.runId, status: 'running' as const });
    },
  );
};
