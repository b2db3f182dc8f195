import { trackingLimit } from '@etf-replicator/core';
import {
  createTrackingRequestSchema,
  createTrackingResponseSchema,
  trackingDetailSchema,
} from '@etf-replicator/core/contracts/trackings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializerCompiler } from '../../http/compiled-serializer';
import { notModified, notModifiedSince } from '../../http/conditional-get';
import { ifMatchRevision, revisionTagPrefix } from '../../http/if-match';
import { sendJson } from '../../tax/serialized';
import { activeTrackings, createTracking, releaseSlot } from '../../trackings/create-tracking';
import { planOf } from '../../trackings/market-context';
import { readableTracking, runTrackingCommand } from '../../trackings/run-tracking-command';
import {
  createTrackingsSummaryReader,
  trackingsSummaryResponseSchema,
} from '../../trackings/trackings-summary-reader';

export const trackingIdParams = z.object({ trackingId: z.string().trim().min(1).max(100) });
const security = [{ bearerAuth: [] }];

/** Create, list, read and delete trackings (spec 2 §7). */
export const trackingRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const readSummary = createTrackingsSummaryReader(app.db.pool);

  typed.post(
    '/api/trackings',
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: {
        tags: ['trackings'],
        summary: 'Create a tracking (CreateTracking)',
        security,
        body: createTrackingRequestSchema,
        response: { 200: createTrackingResponseSchema },
      },
    },
    async (request) =>
      createTracking(app, request.user, {
        symbol: request.body.symbol,
        index: request.body.index,
        amount: request.body.currentReplication.targetInvestmentAmount,
        ...(request.body.fractionalShares !== undefined
          ? { fractionalShares: request.body.fractionalShares }
          : {}),
        ...(request.body.autoTracking !== undefined ? { autoTracking: request.body.autoTracking } : {}),
      }),
  );

  typed.get(
    '/api/trackings/trackings-summary',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: "The caller's trackings",
        security,
        response: { 200: trackingsSummaryResponseSchema },
      },
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request, reply) => {
      const summary = await readSummary(request.user.userId);
      if (notModifiedSince(request, reply, summary.etag)) return reply;
      return sendJson(reply, summary.json);
    },
  );

  typed.get(
    '/api/trackings/check-trackings-number',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: "Whether the caller's plan allows another tracking",
        security,
        response: { 200: z.boolean() },
      },
    },
    async (request) =>
      (await activeTrackings(app, request.user.userId)) < trackingLimit(planOf(request.user.plan)),
  );

  typed.get(
    '/api/trackings/:trackingId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: 'Tracking detail',
        security,
        params: trackingIdParams,
        response: { 200: trackingDetailSchema },
      },
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request, reply) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const tag = revisionTagPrefix(record.streamRevision);
      if (notModified(request, reply, `${record.trackingId}|${record.version}`, tag)) return reply;
      return record.detail;
    },
  );

  typed.delete(
    '/api/trackings/:trackingId',
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: {
        tags: ['trackings'],
        summary: 'Delete a tracking (DeleteTracking)',
        security,
        params: trackingIdParams,
      },
    },
    async (request, reply) => {
      const { trackingId } = request.params;
      await runTrackingCommand(app, {
        trackingId,
        userId: request.user.userId,
        plan: request.user.plan,
        expectedRevision: ifMatchRevision(request),
        type: 'DeleteTracking',
        data: () => ({}),
        foreign: 'forbidden',
      });
      await releaseSlot(app, request.user.userId, trackingId);
      return reply.status(204).send();
    },
  );
};
