import {
  DEMO_TOP_SECTORS,
  etfInfoFreeResponseSchema,
  etfSymbolQuerySchema,
} from '@etf-replicator/core/contracts/market-data';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireFund, toEtfInfo } from '../../market-data/etf-responses';

/** GET /api/details/etf-info-free?etfSymbol=VOO: ETF info with the 3 largest sectors, exposure as numeric strings. */
export const etfInfoFreeRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/details/etf-info-free',
    {
      schema: {
        tags: ['details'],
        summary: 'Demo: ETF info with the top 3 sectors (signed out, rate-limited)',
        querystring: etfSymbolQuerySchema,
        response: { 200: etfInfoFreeResponseSchema },
      },
    },
    async (request) => {
      const fund = await requireFund(app.db.pool, request.query.etfSymbol);
      return { ...toEtfInfo(fund), sectorsList: fund.sectors.slice(0, DEMO_TOP_SECTORS) };
    },
  );
};
