import type { FastifyInstance } from 'fastify';
import { etfHoldingsRoute } from './get-etf-holdings';
import { etfInfoRoute } from './get-etf-info';
import { etfPriceHistoryRoute } from './get-etf-price-history';
import { etfRecommendedListRoute } from './get-etf-recommended-list';

/** /api/etf (spec 2 §7): recommended ETFs, ETF info and plan-gated holdings, for signed-in users only. */
export default async function etfFeature(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  etfRecommendedListRoute(app);
  etfInfoRoute(app);
  etfHoldingsRoute(app);
  etfPriceHistoryRoute(app);
}
