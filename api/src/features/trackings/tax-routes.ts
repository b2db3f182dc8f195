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
import { sendJson } from '../../tax/serialized';
import { nyToday } from '../../tax/wash-windows';
import { commandCaller, readableTracking, runTrackingCommand } from '../../trackings/run-tracking-command';
import { loadTracking } from '../../trackings/tracking-loader';
import { trackingIdParams } from './tracking-routes';

const security = [{ bearerAuth: [] }];
const serializedHoldings = (...args: Parameters<typeof holdingsView>): string =>
  JSON.stringify(holdingsView(...args));

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
    async (request, reply) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const { state } = await loadTracking(app.eventStore, record.trackingId);
      const asOf = new Date().toISOString();
      if (state.status === 'Empty') return { lotMethod: 'HIFO' as const, asOf, holdings: [] };
      const investor = await investorLedger(app, record.userId);
      const today = nyToday();
      // The holdings depend on the ledger, the tracking's own record (prices) and the date.
      const holdings = investor.memo(`lots:${record.trackingId}:${record.version}:${today}`, () =>
        serializedHoldings(
          investor.ledger.openLots.filter((part) => part.trackingId === record.trackingId),
          new Map([...state.lots].map((lot) => [lot.lotId, lot])),
          priceMap(state.lastPrices, record.detail.prices),
          today,
        ),
      );
      const head: Omit<LotsResponse, 'holdings'> = { lotMethod: state.settings.lotMethod, asOf };
      return sendJson(reply, `${JSON.stringify(head).slice(0, -1)},"holdings":${holdings}}`);
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
    async (request, reply) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const { year } = request.query;
      const investor = await investorLedger(app, record.userId);
      const json = investor.memo(`gains:${record.trackingId}:${year ?? 'all'}`, () => {
        const rows = rowsOfYear(investor.ledger, year ?? null, record.trackingId);
        const view: RealizedGainsResponse = {
          year: year ?? null,
          lots: rows.map(realizedRowView),
          years: yearsOf(rows),
        };
        return JSON.stringify(view);
      });
      return sendJson(reply, json);
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
