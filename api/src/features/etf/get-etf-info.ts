import { etfInfoResponseSchema, etfSymbolQuerySchema } from '@etf-replicator/core/contracts/market-data';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireFund, toEtfInfo } from '../../market-data/etf-responses';

/** GET /api/etf/etf-info?etfSymbol=VOO: fund facts, sectors (largest first), holdings count and as-of dates. */
export const etfInfoRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/etf/etf-info',
    {
      schema: {
        tags: ['etf'],
        summary: 'ETF info',
        security: [{ bearerAuth: [] }],
        querystring: etfSymbolQuerySchema,
        response: { 200: etfInfoResponseSchema },
      },
    },
    async (request) => {
      const fund = await requireFund(app.db.pool, request.query.etfSymbol);
      return {
        ...toEtfInfo(fund),
        sectorsList: fund.sectors.map(({ industry, exposure }) => ({ industry, exposure: Number(exposure) })),
      };
    },
  );
};
