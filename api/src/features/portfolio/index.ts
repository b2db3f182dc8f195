import { ordersCsvQuerySchema } from '@etf-replicator/core/contracts/broker-import';
import {
  portfolioOrdersRequestSchema,
  portfolioOrdersResponseSchema,
  portfolioResponseSchema,
} from '@etf-replicator/core/contracts/portfolio';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializerCompiler } from '../../http/compiled-serializer';
import { notModified } from '../../http/conditional-get';
import { sendJson } from '../../tax/serialized';
import { ordersCsv } from '../trackings/export-csv';
import { loadPortfolio } from './load-portfolio';
import { recordNettedOrders } from './record-netted-orders';

const security = [{ bearerAuth: [] }];

/**
 * /api/portfolio: every tracking of the signed-in investor as one portfolio (issue 29) — combined holdings, overlap,
 * the netted order list (as CSV too) and the account's gains; recording the netted orders on paid plans.
 */
export default async function portfolioFeature(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/portfolio',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['portfolio'],
        summary: "The investor's trackings as one portfolio: holdings, overlap, netted orders, gains",
        security,
        response: { 200: portfolioResponseSchema },
      },
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request, reply) => {
      const portfolio = await loadPortfolio(app, request.user);
      // The ETag is "p" + the revision: the digest of the same version string.
      if (notModified(request, reply, portfolio.version, 'p')) return reply;
      return sendJson(reply, portfolio.json);
    },
  );

  typed.get(
    '/api/portfolio/orders.csv',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['portfolio'],
        summary: 'The netted orders as CSV (layout generic, or ibkr: a TWS BasketTrader file)',
        security,
        querystring: ordersCsvQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { response } = await loadPortfolio(app, request.user);
      const { layout } = request.query;
      // Orders whose parts cancel out are nothing to place at the broker.
      const placed = response.orders.filter((order) => order.shares !== '0');
      const csv = ordersCsv(
        {
          adjustmentOrders: placed.map(({ symbol, orderType, shares }) => ({ symbol, orderType, shares })),
          prices: Object.fromEntries(
            placed.flatMap((order) => (order.price ? [[order.symbol, order.price]] : [])),
          ),
        },
        layout,
      );
      const suffix = layout === 'generic' ? '' : `-${layout}`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="portfolio-orders${suffix}-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  typed.post(
    '/api/portfolio/orders',
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: {
        tags: ['portfolio'],
        summary:
          'Record the netted orders as executed (If-Match "p<revision>"): each split into its trackings\' orders, one ExecuteOrders per tracking',
        security,
        body: portfolioOrdersRequestSchema,
        response: { 200: portfolioOrdersResponseSchema },
      },
    },
    async (request) => recordNettedOrders(app, request),
  );
}
