import {
  AUTOCOMPLETE_LIMIT,
  autocompleteQuerySchema,
  freeSymbolSuggestionSchema,
} from '@etf-replicator/core/contracts/market-data';
import { autocompleteEtfs } from '@etf-replicator/projections/market-data/index';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * GET /api/details/autocomplete-free?query=V: symbols only (spec 2 §3), and only ETFs the demo can analyse
 * (holdings available), so every suggestion leads to a result.
 */
export const autocompleteFreeRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/details/autocomplete-free',
    {
      schema: {
        tags: ['details'],
        summary: 'Demo: ETF symbol suggestions (signed out, rate-limited)',
        querystring: autocompleteQuerySchema,
        response: { 200: z.array(freeSymbolSuggestionSchema) },
      },
    },
    async (request) =>
      (await autocompleteEtfs(app.db.pool, request.query.query, { limit: AUTOCOMPLETE_LIMIT })).map(
        (symbol) => ({ symbol }),
      ),
  );
};
