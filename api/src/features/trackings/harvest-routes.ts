import { randomUUID } from 'node:crypto';
import {
  type ActiveTracking,
  type Decimal,
  dec,
  minLossOf,
  type SubstitutionRecord,
  substitutionStatus,
  trackingErrors,
  windowDaysLeft,
  windowEndsAt,
} from '@etf-replicator/core';
import {
  type HarvestResponse,
  harvestRequestSchema,
  harvestResponseSchema,
  keepReplacementRequestSchema,
  type Substitution,
  type TaxLossHarvestingResponse,
  taxLossHarvestingQuerySchema,
  taxLossHarvestingResponseSchema,
  taxReportFileName,
  taxReportQuerySchema,
} from '@etf-replicator/core/contracts/taxes';
import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { harvestRefusedReason } from '@etf-replicator/core/market-data/paused-orders';
import { form8949Csv } from '@etf-replicator/core/tax/form-8949';
import { taxPartsData } from '@etf-replicator/core/tax/harvest-tax-parts';
import { rowsOfYear } from '@etf-replicator/core/tax/ledger';
import { nyTradeDate } from '@etf-replicator/core/tax/trade-date';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { investorLedger } from '../../tax/investor-ledger';
import { nyToday } from '../../tax/wash-windows';
import { harvestContext, readTrackingEvents } from '../../trackings/harvest-context';
import { commandCaller, readableTracking, runTrackingCommand } from '../../trackings/run-tracking-command';
import { loadTracking } from '../../trackings/tracking-loader';
import { trackingIdParams } from './tracking-routes';

const security = [{ bearerAuth: [] }];
const text = (value: Decimal): string => (value.isZero() ? '0' : value.toFixed());

const substitutionView = (sub: SubstitutionRecord, today: string): Substitution => ({
  symbol: sub.symbol,
  replacement: sub.replacement,
  harvestId: sub.harvestId,
  harvestedAt: sub.harvestedAt,
  windowEndsAt: windowEndsAt(sub),
  daysLeft: windowDaysLeft(sub, today),
  status: substitutionStatus(sub, today),
});

const foldActive = async (app: FastifyInstance, trackingId: string): Promise<ActiveTracking | null> => {
  const { state } = await loadTracking(app.eventStore, trackingId);
  return state.status === 'Active' ? state : null;
};

/**
 * Issue 26: a recent buy no longer blocks the harvest. The candidate shows what the replacements already bought
 * (any tracking, 30 days back) would disallow and what stays deductible; the investor decides.
 */
const candidateWashSale = ({ disallowed, deductible }: { disallowed: Decimal; deductible: Decimal }) => ({
  washSale: { status: 'clear' as const },
  disallowedLoss: text(disallowed),
  deductibleLoss: text(deductible),
});

/**
 * Tax-loss harvesting (issue 19): the candidates with their replacements and wash-sale status, the harvest command
 * (sell the loss lots, buy the replacement, remember the substitution), keeping a replacement for good, and the
 * year's Form 8949 rows as CSV. Reads: owner or admin; commands: the owner, with If-Match and Idempotency-Key.
 */
export const harvestRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const command = { onRequest: [app.authenticate], config: { idempotent: true } };

  typed.get(
    '/api/trackings/:trackingId/tax-loss-harvesting',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary:
          'Harvesting candidates: holdings whose loss lots lose at least minLoss ($100 OR 5 % by default), with replacements outside every wash-sale window and the part of the loss a recent buy would disallow',
        security,
        params: trackingIdParams,
        querystring: taxLossHarvestingQuerySchema,
        response: { 200: taxLossHarvestingResponseSchema },
      },
    },
    async (request): Promise<TaxLossHarvestingResponse> => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const minLoss = minLossOf(request.query.minLoss);
      const applied = {
        amount: minLoss.amount ? text(minLoss.amount) : null,
        percent: minLoss.percent ? text(minLoss.percent) : null,
      };
      const asOf = new Date().toISOString();
      const tracking = await foldActive(app, record.trackingId);
      if (!tracking) return { asOf, snapshotAsOf: null, minLoss: applied, candidates: [], substitutions: [] };
      const context = await harvestContext(app, tracking);
      const names = new Map(context.stocks.map((stock) => [stock.symbol, stock]));
      return {
        asOf,
        snapshotAsOf: record.detail.snapshotAsOf,
        minLoss: applied,
        candidates: context.candidates(minLoss).map((candidate) => ({
          symbol: candidate.symbol,
          name: names.get(candidate.symbol)?.name ?? null,
          sector: names.get(candidate.symbol)?.sector ?? null,
          price: text(candidate.price),
          sharesHeld: text(candidate.sharesHeld),
          shares: text(candidate.shares),
          lots: candidate.lots.map((lot) => ({
            lotId: lot.lotId,
            shares: text(lot.shares),
            costPerShare: text(lot.costPerShare),
            costBasis: text(lot.costBasis),
            acquiredAt: lot.acquiredAt,
            proceeds: text(lot.proceeds),
            loss: text(lot.loss),
            term: lot.term,
          })),
          proceeds: text(candidate.proceeds),
          costBasis: text(candidate.costBasis),
          loss: text(candidate.loss),
          shortTermLoss: text(candidate.shortTermLoss),
          longTermLoss: text(candidate.longTermLoss),
          lossPercent: text(candidate.lossPercent.toDecimalPlaces(4)),
          replacements: context.replacements(candidate.symbol).map((stock) => ({
            symbol: stock.symbol,
            name: stock.name ?? stock.symbol,
            sector: stock.sector,
            weight: text(stock.weight),
            price: text(stock.price ?? dec('0')),
          })),
          ...candidateWashSale(context.preview(candidate)),
        })),
        substitutions: tracking.substitutions.map((sub) => substitutionView(sub, context.today)),
      };
    },
  );

  typed.post(
    '/api/trackings/:trackingId/harvest',
    {
      ...command,
      schema: {
        tags: ['trackings'],
        summary:
          'Harvest: sell the loss lots of symbol and buy replacement for the proceeds (409 when the replacement is inside a wash-sale window, or when the stock has an unexplained price move)',
        security,
        params: trackingIdParams,
        body: harvestRequestSchema,
        response: { 200: harvestResponseSchema },
      },
    },
    async (request): Promise<HarvestResponse> => {
      const sellEventId = randomUUID();
      const buyEventId = randomUUID();
      const symbol = request.body.symbol.trim().toUpperCase();
      const replacement = request.body.replacement.trim().toUpperCase();
      const record = await runTrackingCommand(app, {
        ...commandCaller(request),
        type: 'HarvestLosses',
        data: async (state) => {
          // The decider refuses a deleted tracking before it looks at any of this.
          const context = await harvestContext(app, { ...state, status: 'Active' });
          const flagged = context.flagged.get(symbol);
          if (flagged) throw new HttpError(409, harvestRefusedReason(flagged));
          const price = context.prices.get(symbol);
          if (!price) throw trackingErrors.noLossLots(symbol);
          // The ledger's parts on the sale's trade date (the decider validates the fill and judges the loss).
          const executedAt = request.body.sell?.executedAt;
          const soldOn = executedAt ? nyTradeDate(executedAt) : context.today;
          const parts = context.ledgerParts(soldOn).filter((part) => part.symbol === symbol);
          return {
            symbol,
            replacement,
            price: price.toFixed(),
            replacementPrice: (context.prices.get(replacement) ?? dec('1')).toFixed(),
            allowedReplacements: context.allowedReplacements(symbol).map((stock) => stock.symbol),
            washSale: context.replacementWindow(replacement),
            sellEventId,
            buyEventId,
            ...(request.body.sell ? { sellFill: request.body.sell } : {}),
            ...(request.body.buy ? { buyFill: request.body.buy } : {}),
            taxParts: taxPartsData(parts),
          };
        },
      });
      const events = await readTrackingEvents(app, record.trackingId);
      const harvest = events.find(
        (event) => event.type === 'HarvestRecorded' && event.data.sellOrderId === sellEventId,
      );
      const sell = events.find((event) => event.id === sellEventId);
      const buy = events.find((event) => event.id === buyEventId);
      if (
        harvest?.type !== 'HarvestRecorded' ||
        sell?.type !== 'OrderExecuted' ||
        buy?.type !== 'OrderExecuted'
      )
        throw new Error('The harvest was recorded but its events could not be read back');
      const order = (event: typeof sell) => ({
        symbol: event.data.symbol,
        orderType: event.data.orderType,
        shares: event.data.shares,
        price: event.data.price,
        amount: event.data.amount,
        ...(event.data.lots
          ? { lots: event.data.lots.map((close) => ({ lotId: close.lotId, shares: close.shares })) }
          : {}),
      });
      return {
        harvestId: harvest.id,
        orders: [order(sell), order(buy)],
        realisedLoss: harvest.data.realisedLoss,
        shortTermLoss: harvest.data.shortTermLoss,
        longTermLoss: harvest.data.longTermLoss,
        leftover: text(dec(sell.data.amount).sub(dec(buy.data.amount))),
        substitution: substitutionView(
          {
            harvestId: harvest.id,
            symbol: harvest.data.symbol,
            replacement: harvest.data.replacement,
            harvestedAt: harvest.data.harvestedAt,
            kept: false,
          },
          nyToday(),
        ),
        revision: record.detail.revision ?? record.streamRevision,
      };
    },
  );

  typed.post(
    '/api/trackings/:trackingId/substitutions/keep',
    {
      ...command,
      schema: {
        tags: ['trackings'],
        summary: "Keep a harvest's replacement for good: switching back is no longer suggested",
        security,
        params: trackingIdParams,
        body: keepReplacementRequestSchema,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) =>
      (
        await runTrackingCommand(app, {
          ...commandCaller(request),
          type: 'KeepReplacement',
          data: () => ({ symbol: request.body.symbol }),
        })
      ).detail,
  );

  typed.get(
    '/api/trackings/:trackingId/tax-report.csv',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: "The year's realised lots as Form 8949 rows (CSV)",
        security,
        params: trackingIdParams,
        querystring: taxReportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const { year } = request.query;
      const investor = await investorLedger(app, record.userId);
      const csv = investor.memo(`csv:${record.trackingId}:${year}`, () =>
        form8949Csv(
          rowsOfYear(investor.ledger, year, record.trackingId),
          `Form 8949 ${year}: ${record.symbol} tracking`,
        ),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${taxReportFileName(record.symbol, year)}"`)
        .send(csv);
    },
  );
};
