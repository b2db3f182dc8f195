import { randomUUID } from 'node:crypto';
import { isDomainError, parseAmount } from '@etf-replicator/core';
import {
  applyAdjustmentOrderRequestSchema,
  batchOrderFailure,
  changeNumberOfWeightingsQuerySchema,
  driftAlertSettingsRequestSchema,
  type OrderAnswer,
  orderAnswerSchema,
  trackingDetailSchema,
} from '@etf-replicator/core/contracts/trackings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from '../../http/compiled-serializer';
import { HttpError } from '../../http/http-error';
import { ifMatchRevision } from '../../http/if-match';
import { investorLedger } from '../../tax/investor-ledger';
import { washSaleWarnings } from '../../tax/wash-windows';
import { planOf, weightingsCapOf } from '../../trackings/market-context';
import { orderPrices } from '../../trackings/order-prices';
import { commandCaller, runTrackingCommand, runTrackingCommands } from '../../trackings/run-tracking-command';
import { requireTrackingSnapshot } from '../../trackings/tracking-snapshot';
import { trackingIdParams } from './tracking-routes';

const security = [{ bearerAuth: [] }];

/** Settings toggles, the drift alert setting and order execution on one tracking (spec 2 §7, issue 20). */
export const settingRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const command = { onRequest: [app.authenticate], config: { idempotent: true } };

  typed.post(
    '/api/trackings/:trackingId/enableFractional',
    {
      ...command,
      schema: {
        tags: ['trackings'],
        summary: 'Toggle fractional shares',
        security,
        params: trackingIdParams,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) =>
      (
        await runTrackingCommand(app, {
          ...commandCaller(request),
          type: 'ToggleFractional',
          data: () => ({}),
        })
      ).detail,
  );

  typed.post(
    '/api/trackings/:trackingId/toggleAutoTrackingTargetAmount',
    {
      ...command,
      schema: {
        tags: ['trackings'],
        summary: 'Toggle auto-tracking of the target amount',
        security,
        params: trackingIdParams,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) =>
      (
        await runTrackingCommand(app, {
          ...commandCaller(request),
          type: 'ToggleAutoTracking',
          data: () => ({}),
        })
      ).detail,
  );

  typed.post(
    '/api/trackings/:trackingId/changeNumberOfWeightings',
    {
      ...command,
      schema: {
        tags: ['trackings'],
        summary: 'Change how many holdings to replicate',
        security,
        params: trackingIdParams,
        querystring: changeNumberOfWeightingsQuerySchema,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) => {
      const { trackingId } = request.params;
      const record = await runTrackingCommand(app, {
        trackingId,
        userId: request.user.userId,
        plan: request.user.plan,
        expectedRevision: ifMatchRevision(request),
        type: 'ChangeNumberOfWeightings',
        // The cap of the tracking's own index (a blend's or a list's, issue 30), read once the owner is checked.
        data: async (state) => ({
          numberOfWeightings: request.query.numberOfWeightings,
          numberOfWeightingsCap: weightingsCapOf(
            planOf(request.user.plan),
            (await requireTrackingSnapshot(app.db.pool, state)).holdings,
          ),
        }),
      });
      return record.detail;
    },
  );

  typed.post(
    '/api/trackings/:trackingId/alerts',
    {
      ...command,
      schema: {
        tags: ['trackings'],
        summary: 'Set the drift alert: on/off and the threshold in replication-rate points',
        security,
        params: trackingIdParams,
        body: driftAlertSettingsRequestSchema,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) =>
      (
        await runTrackingCommand(app, {
          ...commandCaller(request),
          type: 'ChangeDriftAlertSettings',
          data: () => ({ enabled: request.body.enabled, thresholdPoints: request.body.thresholdPoints }),
        })
      ).detail,
  );

  typed.post(
    '/api/trackings/:trackingId/applyAdjustmentOrders',
    {
      ...command,
      schema: {
        tags: ['trackings'],
        summary:
          'Record executed orders (ExecuteOrder): one order, an array recorded all or nothing, or {addCash, orders}: cash added to reach the target and the orders, together',
        security,
        params: trackingIdParams,
        body: applyAdjustmentOrderRequestSchema,
        response: { 200: orderAnswerSchema },
      },
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request): Promise<OrderAnswer> => {
      const { trackingId } = request.params;
      const { body } = request;
      const funding = !Array.isArray(body) && 'addCash' in body ? body : undefined;
      if (funding) checkAddCash(funding.addCash);
      const listed = Array.isArray(body) ? body : 'addCash' in body ? body.orders : [body];
      const batch = funding !== undefined || Array.isArray(body);
      const orders = listed.map((order) => ({ ...order, symbol: order.symbol.trim().toUpperCase() }));
      const priced = async (state: Parameters<typeof orderPrices>[1]) => {
        const prices = await orderPrices(
          app.db.pool,
          state,
          orders.map((order) => order.symbol),
        );
        return orders.map((order, index) => {
          // A fill the user gives stands in for a snapshot price the symbol lacks.
          const price =
            prices.get(order.symbol) ?? (order.price === undefined ? undefined : String(order.price));
          if (!price) {
            const message = `There is no price for ${order.symbol} in this ETF's latest snapshot`;
            throw new HttpError(400, batch ? batchOrderFailure.format(index, order, message) : message);
          }
          return {
            symbol: order.symbol,
            orderType: order.orderType,
            shares: order.shares,
            price,
            ...(order.price === undefined ? {} : { fillPrice: order.price }),
            ...(order.executedAt === undefined ? {} : { executedAt: order.executedAt }),
            ...(order.lots === undefined ? {} : { lots: order.lots }),
          };
        });
      };
      const common = {
        trackingId,
        userId: request.user.userId,
        plan: request.user.plan,
        expectedRevision: ifMatchRevision(request),
      };
      const batchOf = async (state: Parameters<typeof priced>[0]) => ({
        orders: (await priced(state)).map((order) => ({ ...order, eventId: randomUUID() })),
      });
      const record = funding
        ? // Cash added to reach the target and the orders it pays for: one append, each event its own action.
          await runTrackingCommands(app, {
            ...common,
            commands: async (state) => [
              { type: 'AddCash', data: { amount: funding.addCash } },
              ...(orders.length > 0 ? [{ type: 'ExecuteOrders' as const, data: await batchOf(state) }] : []),
            ],
          })
        : batch
          ? await runTrackingCommand(app, {
              ...common,
              type: 'ExecuteOrders',
              data: batchOf,
            })
          : await runTrackingCommand(app, {
              ...common,
              type: 'ExecuteOrder',
              data: async (state) =>
                (await priced(state))[0] as NonNullable<Awaited<ReturnType<typeof priced>>[0]>,
            });
      const { adjustmentOrders, currentReplication, targetReplication, replicationRate, revision } =
        record.detail;
      const { marketValue, cashToReachTarget, ordersToReachTarget, heldBackBuys, pausedOrders } =
        record.detail;
      // A BUY inside a wash-sale window is recorded (the broker executed it); the answer names the disallowed loss.
      const warnings = washSaleWarnings(await investorLedger(app, record.userId), record.appended);
      return {
        warnings,
        adjustmentOrders,
        currentReplication,
        targetReplication,
        replicationRate,
        // The cash figures change with every order: the answer carries them, so no panel shows a stale one.
        ...(marketValue === undefined ? {} : { marketValue }),
        ...(cashToReachTarget === undefined ? {} : { cashToReachTarget }),
        ...(ordersToReachTarget === undefined ? {} : { ordersToReachTarget }),
        ...(heldBackBuys === undefined ? {} : { heldBackBuys }),
        ...(pausedOrders === undefined ? {} : { pausedOrders }),
        ...(revision === undefined ? {} : { revision }),
      };
    },
  );
};

/** `addCash` must be an amount the target modals accept; 400 naming the field otherwise. */
const checkAddCash = (amount: string | number) => {
  try {
    parseAmount(amount, 'addCash');
  } catch (error) {
    if (!isDomainError(error)) throw error;
    throw new HttpError(400, `Invalid addCash: ${error.message}`);
  }
};
