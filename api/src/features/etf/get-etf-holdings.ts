import {
  etfHoldingResponseSchema,
  etfSymbolQuerySchema,
  HOLDINGS_TOTAL_COUNT_HEADER,
} from '@etf-replicator/core/contracts/market-data';
import { getEtfHoldings } from '@etf-replicator/projections/market-data/index';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireFundWithHoldings, toHoldingResponse } from '../../market-data/etf-responses';
import { visibleHoldings } from './visible-holdings';

/**
 * GET /api/etf/etf-holdings?etfSymbol=VOO: the latest snapshot's holdings, largest weight first, cut to what the
 * caller's plan shows (the rest never leaves the database). The body is the spec's list; the header
 * X-Total-Count says how many holdings exist. LEAD-like ETFs without a holdings list answer 404 with a message.
 */
export const etfHoldingsRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/etf/etf-holdings',
    {
      schema: {
        tags: ['etf'],
        summary: 'ETF holdings (plan-gated; X-Total-Count gives the full count)',
        security: [{ bearerAuth: [] }],
        querystring: etfSymbolQuerySchema,
        response: { 200: z.array(etfHoldingResponseSchema) },
      },
    },
    async (request, reply) => {
      const fund = await requireFundWithHoldings(app.db.pool, request.query.etfSymbol);
      const limit = await visibleHoldings(app.db.pool, request.user, fund.symbol, fund.holdingsCount);
      const holdings = await getEtfHoldings(app.db.pool, fund.symbol, { limit });
      reply.header(HOLDINGS_TOTAL_COUNT_HEADER, String(fund.holdingsCount));
      return holdings.map(toHoldingResponse);
    },
  );
};
