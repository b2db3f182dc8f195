import {
  type LotsResponse,
  lotMethodRequestSchema,
  lotsResponseSchema,
  type RealizedGainsResponse,
  realizedGainsQuerySchema,
  realizedGainsResponseSchema,
} from '@etf-replicator/core/contracts/taxes';
import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { rowsOfYear } from '@etf-replicator/core/tax/ledger';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from '../../http/compiled-serializer';
import { investorLedger } from '../../tax/investor-ledger';
import { realizedRowView, yearsOf } from '../../tax/ledger-views';
import { holdingsView, priceMap } from '../../tax/lots-view';
import { nyToday } from '../../tax/wash-windows';
import {
  commandCaller,
  loadTracking,
  readableTracking,
  runTrackingCommand,
} from '../../trackings/run-tracking-command';
import { trackingIdParams } from './tracking-routes';

const security = [{ bearerAuth: [] }];

/**
 * Lots and gains of one tracking (issue 19): the open lots valued at the latest snapshot price, the realised gains
 * of the sales that still count, and the lot method later sales use. Reads answer from the investor's wash-sale ledger
 * (issue 26: adjusted basis, W rows; owner or admin); the method change is a command like the other settings.
 */
export const taxRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/trackings/:trackingId/lots',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: 'Open lots per holding, with unrealised gain or loss at the latest snapshot price',
        security,
        params: trackingIdParams,
        response: { 200: lotsResponseSchema },
      },
      // Thousands of rows on a long-lived tracking: compiled, not zod-parsed (bench:tax).
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request): Promise<LotsResponse> => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const { state } = await loadTracking(app, record.trackingId);
      const asOf = new Date().toISOString();
      if (state.status === 'Empty') return { lotMethod: 'HIFO', asOf, holdings: [] };
      const investor = await investorLedger(app, record.userId);
      const today = nyToday();
      // The holdings depend on the ledger, the tracking's own record (prices) and the date.
      const holdings = investor.memo(`lots:${record.trackingId}:${record.version}:${today}`, () =>
        holdingsView(
          investor.ledger.openLots.filter((part) => part.trackingId === record.trackingId),
          new Map([...state.lots].map((lot) => [lot.lotId, lot])),
          priceMap(state.lastPrices, record.detail.prices),
          today,
        ),
      );
      return { lotMethod: state.settings.lotMethod, asOf, holdings };
    },
  );

  typed.get(
    '/api/trackings/:trackingId/realized-gains',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: 'Realised gain or loss per closed lot (proceeds, cost, holding period, term) and per year',
        security,
        params: trackingIdParams,
        querystring: realizedGainsQuerySchema,
        response: { 200: realizedGainsResponseSchema },
      },
      // Thousands of rows on a long-lived tracking: compiled, not zod-parsed (bench:tax).
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request): Promise<RealizedGainsResponse> => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const { year } = request.query;
      const investor = await investorLedger(app, record.userId);
      return investor.memo(`gains:${record.trackingId}:${year ?? 'all'}`, () => {
        const rows = rowsOfYear(investor.ledger, year ?? null, record.trackingId);
        return { year: year ?? null, lots: rows.map(realizedRowView), years: yearsOf(rows) };
      });
    },
  );

  typed.post(
    '/api/trackings/:trackingId/lotMethod',
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: {
        tags: ['trackings'],
        summary:
          'Set how later sales pick their lots: TAX_OPTIMAL (losses first, long-term gains before short-term), HIFO (highest cost first) or FIFO',
        security,
        params: trackingIdParams,
        body: lotMethodRequestSchema,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) =>
      (
        await runTrackingCommand(app, {
          ...commandCaller(request),
          type: 'ChangeLotMethod',
          data: () => ({ lotMethod: request.body.method }),
        })
      ).detail,
  );
};
