import { evolve, initialState, type Tracking, trackingStreamId } from '@etf-replicator/core';
import { ordersCsvQuerySchema } from '@etf-replicator/core/contracts/broker-import';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readableTracking } from '../../trackings/run-tracking-command';
import { trackingFolder } from '../../trackings/tracking-streams';
import { ordersCsv, positionsCsv } from './export-csv';
import { trackingIdParams } from './tracking-routes';

const security = [{ bearerAuth: [] }];

const sendCsv = (reply: FastifyReply, filename: string, body: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);

const today = () => new Date().toISOString().slice(0, 10);
const safeName = (symbol: string) => symbol.replace(/[^A-Za-z0-9.-]/g, '_');

/** Issue 17: the adjustment orders and the positions of a tracking as CSV files (owner or admin; others 404). */
export const exportRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/trackings/:trackingId/orders.csv',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: 'The current adjustment orders as CSV (layout generic, or ibkr: a TWS BasketTrader file)',
        security,
        params: trackingIdParams,
        querystring: ordersCsvQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const { layout } = request.query;
      const suffix = layout === 'generic' ? '' : `-${layout}`;
      return sendCsv(
        reply,
        `${safeName(record.symbol)}-orders${suffix}-${today()}.csv`,
        ordersCsv(record.detail, layout),
      );
    },
  );

  typed.get(
    '/api/trackings/:trackingId/positions.csv',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: 'The open positions as CSV, one row per tax lot (imports back as the plain form)',
        security,
        params: trackingIdParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const events = (await app.eventStore.readStream(trackingStreamId(record.trackingId))).map((recorded) =>
        trackingFolder.parse(recorded),
      );
      const state = events.reduce<Tracking>(evolve, initialState());
      const lots = state.status === 'Empty' ? [] : [...state.lots];
      return sendCsv(
        reply,
        `${safeName(record.symbol)}-positions-${today()}.csv`,
        positionsCsv(lots, record.detail.prices),
      );
    },
  );
};
