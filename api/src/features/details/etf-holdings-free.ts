import {
  DEMO_TOP_HOLDINGS,
  etfHoldingResponseSchema,
  etfSymbolQuerySchema,
} from '@etf-replicator/core/contracts/market-data';
import { getEtfHoldings } from '@etf-replicator/projections/market-data/index';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireFundWithHoldings, toHoldingResponse } from '../../market-data/etf-responses';

/** GET /api/details/etf-holdings-free?etfSymbol=VOO: the 3 largest holdings, largest first (nothing more is sent). */
export const etfHoldingsFreeRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/details/etf-holdings-free',
    {
      schema: {
        tags: ['details'],
        summary: 'Demo: top 3 holdings (signed out, rate-limited)',
        querystring: etfSymbolQuerySchema,
        response: { 200: z.array(etfHoldingResponseSchema).max(DEMO_TOP_HOLDINGS) },
      },
    },
    async (request) => {
      const fund = await requireFundWithHoldings(app.db.pool, request.query.etfSymbol);
      return (await getEtfHoldings(app.db.pool, fund.symbol, { limit: DEMO_TOP_HOLDINGS })).map(
        toHoldingResponse,
      );
    },
  );
};
