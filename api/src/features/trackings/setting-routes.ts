import {
  applyAdjustmentOrderRequestSchema,
  changeNumberOfWeightingsQuerySchema,
  replicationStateSchema,
  trackingDetailSchema,
} from '@etf-replicator/core/contracts/trackings';
import { getLatestSnapshot } from '@etf-replicator/projections/market-data/latest-snapshot';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { planOf, requireReplicableSnapshot, weightingsCapFor } from '../../trackings/market-context';
import { runTrackingCommand, trackingNotFound } from '../../trackings/run-tracking-command';
import { recordedPriceOf, trackingOrigin } from '../../trackings/tracking-origin';
import { trackingIdParams } from './tracking-routes';

const security = [{ bearerAuth: [] }];

/** Settings toggles and order execution on one tracking (spec 2 §7). */
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
          trackingId: request.params.trackingId,
          userId: request.user.userId,
          plan: request.user.plan,
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
          trackingId: request.params.trackingId,
          userId: request.user.userId,
          plan: request.user.plan,
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
      const numberOfWeightingsCap = await weightingsCapOf(app, trackingId, request.user.plan);
      const record = await runTrackingCommand(app, {
        trackingId,
        userId: request.user.userId,
        plan: request.user.plan,
        type: 'ChangeNumberOfWeightings',
        data: () => ({ numberOfWeightings: request.query.numberOfWeightings, numberOfWeightingsCap }),
      });
      return record.detail;
    },
  );

  typed.post(
    '/api/trackings/:trackingId/applyAdjustmentOrders',
    {
      ...command,
      schema: {
        tags: ['trackings'],
        summary: 'Record an executed order (ExecuteOrder)',
        security,
        params: trackingIdParams,
        body: applyAdjustmentOrderRequestSchema,
        response: { 200: replicationStateSchema },
      },
    },
    async (request) => {
      const { trackingId } = request.params;
      const symbol = request.body.symbol.trim().toUpperCase();
      const origin = await trackingOrigin(app, trackingId);
      if (!origin || origin.userId !== request.user.userId) throw trackingNotFound();
      const snapshot = await getLatestSnapshot(app.db.pool, origin.symbol);
      const snapshotPrice =
        snapshot?.holdings.find((holding) => holding.symbol === symbol)?.price ?? undefined;
      const record = await runTrackingCommand(app, {
        trackingId,
        userId: request.user.userId,
        plan: request.user.plan,
        type: 'ExecuteOrder',
        data: (state) => {
          const price = snapshotPrice ?? recordedPriceOf(state, symbol);
          if (!price)
            throw new HttpError(400, `There is no price for ${symbol} in this ETF's latest snapshot`);
          return { symbol, orderType: request.body.orderType, shares: request.body.shares, price };
        },
      });
      const { adjustmentOrders, currentReplication, targetReplication, replicationRate } = record.detail;
      return { adjustmentOrders, currentReplication, targetReplication, replicationRate };
    },
  );
};

/** The plan's weightings cap for the tracking's ETF (0 when the tracking is unknown: the command then 404s). */
const weightingsCapOf = async (
  app: FastifyInstance,
  trackingId: string,
  plan: string | undefined,
): Promise<number> => {
  const origin = await trackingOrigin(app, trackingId);
  if (!origin) return 0;
  return weightingsCapFor(planOf(plan), await requireReplicableSnapshot(app.db.pool, origin.symbol));
};
