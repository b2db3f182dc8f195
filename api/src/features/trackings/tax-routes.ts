import {
  type Decimal,
  dec,
  evolve,
  initialState,
  realisedGains,
  realisedGainsByYear,
  type Tracking,
  type TrackingEvent,
  trackingStreamId,
  unrealisedGains,
  yearOf,
} from '@etf-replicator/core';
import {
  type LotsResponse,
  lotMethodRequestSchema,
  lotsResponseSchema,
  type RealizedGainsResponse,
  realizedGainsQuerySchema,
  realizedGainsResponseSchema,
} from '@etf-replicator/core/contracts/taxes';
import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commandCaller, readableTracking, runTrackingCommand } from '../../trackings/run-tracking-command';
import { trackingFolder } from '../../trackings/tracking-streams';
import { trackingIdParams } from './tracking-routes';

const security = [{ bearerAuth: [] }];
const text = (value: Decimal): string => (value.isZero() ? '0' : value.toFixed());
const optional = (value: Decimal | null): string | null => (value ? text(value) : null);

/** The tracking's events, read and validated from its stream (the realised side needs every close). */
const trackingEvents = async (app: FastifyInstance, trackingId: string): Promise<TrackingEvent[]> =>
  (await app.eventStore.readStream(trackingStreamId(trackingId))).map((recorded) =>
    trackingFolder.parse(recorded),
  );

/**
 * Lots and gains of one tracking (issue 19): the open lots valued at the latest snapshot price, the realised gains
 * of the sales that still count, and the lot method later sales use. Reads fold the tracking's stream with core's
 * own evolve (owner or admin); the method change is a command like the other settings.
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
    },
    async (request): Promise<LotsResponse> => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const state = (await trackingEvents(app, record.trackingId)).reduce<Tracking>(evolve, initialState());
      if (state.status === 'Empty')
        return { lotMethod: 'HIFO', asOf: new Date().toISOString(), holdings: [] };
      // The latest snapshot's price; a symbol it no longer lists at the price its last order was recorded at.
      const prices = new Map(state.lastPrices);
      for (const [symbol, price] of Object.entries(record.detail.prices)) prices.set(symbol, dec(price));
      const asOf = new Date().toISOString();
      return {
        lotMethod: state.settings.lotMethod,
        asOf,
        holdings: unrealisedGains(state.lots, prices, asOf).map((holding) => ({
          symbol: holding.symbol,
          shares: text(holding.shares),
          costBasis: text(holding.costBasis),
          price: optional(holding.price),
          marketValue: optional(holding.marketValue),
          gain: optional(holding.gain),
          gainPercent: holding.gainPercent ? text(holding.gainPercent.toDecimalPlaces(4)) : null,
          lots: holding.lots.map((lot) => ({
            lotId: lot.lotId,
            shares: text(lot.shares),
            costPerShare: text(lot.costPerShare),
            costBasis: text(lot.costBasis),
            acquiredAt: lot.acquiredAt,
            price: optional(lot.price),
            marketValue: optional(lot.marketValue),
            gain: optional(lot.gain),
            term: lot.term,
          })),
        })),
      };
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
    },
    async (request): Promise<RealizedGainsResponse> => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const { year } = request.query;
      const all = realisedGains(await trackingEvents(app, record.trackingId));
      const lots = year === undefined ? all : all.filter((lot) => yearOf(lot) === year);
      return {
        year: year ?? null,
        lots: lots.map((lot) => ({
          saleId: lot.saleId,
          lotId: lot.lotId,
          symbol: lot.symbol,
          shares: text(lot.shares),
          acquiredAt: lot.acquiredAt,
          soldAt: lot.soldAt,
          proceeds: text(lot.proceeds),
          costBasis: text(lot.costBasis),
          gain: text(lot.gain),
          holdingDays: lot.holdingDays,
          term: lot.term,
          harvestId: lot.harvestId,
        })),
        years: realisedGainsByYear(lots).map((totals) => ({
          year: totals.year,
          proceeds: text(totals.proceeds),
          costBasis: text(totals.costBasis),
          shortTerm: text(totals.shortTerm),
          longTerm: text(totals.longTerm),
          total: text(totals.total),
          harvestedLoss: text(totals.harvestedLoss),
        })),
      };
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
