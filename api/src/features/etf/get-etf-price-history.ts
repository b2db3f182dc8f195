import { etfPriceHistoryQuerySchema, etfPricePointSchema } from '@etf-replicator/core/contracts/market-data';
import { getPriceHistory } from '@etf-replicator/projections/market-data/symbol-queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireFund } from '../../market-data/etf-responses';

/** GET /api/etf/etf-price-history?etfSymbol=VOO&from=2025-01-01: the bundled daily closes; [] when there are none. */
export const etfPriceHistoryRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/etf/etf-price-history',
    {
      schema: {
        tags: ['etf'],
        summary: 'ETF price history (daily closes)',
        security: [{ bearerAuth: [] }],
        querystring: etfPriceHistoryQuerySchema,
        response: { 200: z.array(etfPricePointSchema) },
      },
    },
    async (request) => {
      const fund = await requireFund(app.db.pool, request.query.etfSymbol);
      const rows = await getPriceHistory(
        app.db.pool,
        fund.symbol,
        request.query.from ? { from: request.query.from } : {},
      );
      return rows.map(({ date, close }) => ({ date, close }));
    },
  );
};
