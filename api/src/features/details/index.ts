import { marketDataMessages } from '@etf-replicator/core/contracts/market-data';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { postgresRateLimitStore } from '../../http/postgres-rate-limit-store';
import { autocompleteFreeRoute } from './autocomplete-free';
import { etfHoldingsFreeRoute } from './etf-holdings-free';
import { etfInfoFreeRoute } from './etf-info-free';

export type DetailsFeatureOptions = {
  /** Requests per client IP and route per window (default 60 a minute). */
  readonly max?: number;
  readonly timeWindow?: string | number;
};

/**
 * /api/details (spec 2 §7): the signed-out "Try It Yourself" demo on /scan: ETF suggestions, the top 3 holdings
 * and the top 3 sectors. Public, so rate-limited per client IP; the limit lives in this plugin's scope only.
 */
export default async function detailsFeature(app: FastifyInstance, options: DetailsFeatureOptions = {}) {
  await app.register(rateLimit, {
    global: true,
    store: postgresRateLimitStore(app.db.pool, 'details'),
    max: options.max ?? 60,
    timeWindow: options.timeWindow ?? '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: marketDataMessages.demoRateLimited(context.after),
    }),
  });
  autocompleteFreeRoute(app);
  etfHoldingsFreeRoute(app);
  etfInfoFreeRoute(app);
}
