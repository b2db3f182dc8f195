import {
  AUTOCOMPLETE_LIMIT,
  autocompleteQuerySchema,
  symbolSuggestionSchema,
} from '@etf-replicator/core/contracts/market-data';
import { autocompleteSymbols } from '@etf-replicator/projections/market-data/index';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * GET /api/stock/autocomplete?query=AA: the top 10 symbols by symbol prefix, then name prefix, then a word of the
 * name (ETFs we cover and heavyweights first). A Server-Timing header reports the database time.
 */
export const autocompleteRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/stock/autocomplete',
    {
      schema: {
        tags: ['stock'],
        summary: 'Symbol autocomplete (symbol, name)',
        security: [{ bearerAuth: [] }],
        querystring: autocompleteQuerySchema,
        response: { 200: z.array(symbolSuggestionSchema) },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const suggestions = await autocompleteSymbols(app.db.pool, request.query.query, {
        limit: AUTOCOMPLETE_LIMIT,
      });
      reply.header('server-timing', `db;dur=${(performance.now() - started).toFixed(2)}`);
      return [...suggestions];
    },
  );
};
