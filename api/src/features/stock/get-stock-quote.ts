import {
  marketDataMessages,
  stockQuoteResponseSchema,
  symbolSchema,
} from '@etf-replicator/core/contracts/market-data';
import { getSymbolQuote } from '@etf-replicator/projections/market-data/index';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/http-error';

/**
 * GET /api/stock/AAPL (the admin test console): name and the price the market-data snapshot has for the symbol,
 * with its date and source. Aliases resolve (BRK-B → BRK.B).
 */
export const stockQuoteRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/stock/:symbol',
    {
      schema: {
        tags: ['stock'],
        summary: 'Quote of one symbol from the market-data snapshot',
        security: [{ bearerAuth: [] }],
        params: z.object({ symbol: symbolSchema }),
        response: { 200: stockQuoteResponseSchema },
      },
    },
    async (request) => {
      const quote = await getSymbolQuote(app.db.pool, request.params.symbol);
      if (!quote) throw notFound(marketDataMessages.unknownSymbol(request.params.symbol));
      return quote;
    },
  );
};
