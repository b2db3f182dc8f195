import {
  etfSymbolListQuerySchema,
  marketDataMessages,
  recommendedEtfSchema,
  unreplicableReason,
} from '@etf-replicator/core/contracts/market-data';
import { RECOMMENDED_ETF_SYMBOLS } from '@etf-replicator/core/market-data/recommended-etfs';
import { getEtfFunds } from '@etf-replicator/projections/market-data/index';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/http-error';

/**
 * GET /api/etf/etf-recommended-list?etfSymbol=VOO,SPY,…: symbol and name of each ETF asked for, in that order
 * (without etfSymbol: spec 2 §9's list), and whether each can be replicated (issue 32: with the reason when not).
 * A symbol we hold no snapshot of is a 404 naming it.
 */
export const etfRecommendedListRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/etf/etf-recommended-list',
    {
      schema: {
        tags: ['etf'],
        summary: 'Recommended ETFs (symbol, name, whether each can be replicated)',
        security: [{ bearerAuth: [] }],
        querystring: etfSymbolListQuerySchema,
        response: { 200: z.array(recommendedEtfSchema) },
      },
    },
    async (request) => {
      const symbols = [...new Set(request.query.etfSymbol ?? RECOMMENDED_ETF_SYMBOLS)];
      const funds = await getEtfFunds(app.db.pool, symbols);
      const missing = symbols.filter((symbol) => !funds.some((fund) => fund.symbol === symbol));
      if (missing.length > 0) throw notFound(marketDataMessages.unknownEtfs(missing));
      return funds.map((fund) => {
        const reason = unreplicableReason(fund);
        return {
          symbol: fund.symbol,
          name: fund.name,
          replicable: reason === null,
          unavailableReason: reason,
        };
      });
    },
  );
};
