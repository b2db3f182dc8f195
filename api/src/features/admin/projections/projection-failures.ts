import {
  parkedEventsSchema,
  retryParkedRequestSchema,
  retryParkedResponseSchema,
  retryRecomputeRequestSchema,
  retryRecomputeResponseSchema,
} from '@etf-replicator/core/contracts/admin';
import { listParkedEvents } from '@etf-replicator/projections';
import {
  listRecomputeFailures,
  recomputeStaleTrackings,
  unparkRecompute,
} from '@etf-replicator/projections/trackings/recompute-stale';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const messageSchema = z.object({ message: z.string() });

/**
 * Events the projection runner parked (a projector failed on them repeatedly and moved on), and their retry after a
 * fix: GET lists them, POST …/retry applies the event's stream's parked events again in log order.
 */
export const projectionFailuresRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/admin/projection-failures',
    {
      schema: {
        tags: ['admin'],
        summary: 'Events parked by the projection runner',
        security: [{ bearerAuth: [] }],
        response: { 200: parkedEventsSchema },
      },
    },
    async () => ({
      events: (await listParkedEvents(app.db.pool)).map((parked) => ({
        ...parked,
        firstSeen: parked.firstSeen.toISOString(),
        lastSeen: parked.lastSeen.toISOString(),
      })),
      recomputes: (await listRecomputeFailures(app.db.pool)).map((failure) => ({
        ...failure,
        failedAt: failure.failedAt.toISOString(),
      })),
    }),
  );

  typed.post(
    '/api/admin/projection-failures/recompute/retry',
    {
      schema: {
        tags: ['admin'],
        summary: "Retry an ETF's parked recompute (re-derives its trackings with its latest snapshot)",
        security: [{ bearerAuth: [] }],
        body: retryRecomputeRequestSchema,
        response: { 200: retryRecomputeResponseSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { symbol } = request.body;
      if (!(await unparkRecompute(app.db.pool, symbol)))
        return reply
          .code(404)
          .send({ message: `No parked recompute for ${symbol} (it may have been retried already).` });
      const derived = await recomputeStaleTrackings((work) => app.db.pool.transaction(work));
      const again = (await listRecomputeFailures(app.db.pool)).find((failure) => failure.symbol === symbol);
      return { derived, error: again?.error ?? null };
    },
  );

  typed.post(
    '/api/admin/projection-failures/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Retry a parked event (with the parked events of its stream, in log order)',
        security: [{ bearerAuth: [] }],
        body: retryParkedRequestSchema,
        response: { 200: retryParkedResponseSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { projector, eventId } = request.body;
      const outcome = await app.projections.retryParked(projector, eventId);
      if (!outcome)
        return reply
          .code(404)
          .send({ message: 'This event is not parked (it may have been retried already).' });
      return { ...outcome, error: outcome.error ?? null };
    },
  );
};
