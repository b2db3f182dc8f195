import {
  parkedEventsSchema,
  retryParkedRequestSchema,
  retryParkedResponseSchema,
} from '@etf-replicator/core/contracts/admin';
import { listParkedEvents } from '@etf-replicator/projections';
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
    }),
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
