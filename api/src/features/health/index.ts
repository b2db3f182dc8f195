import { projectionStatusSchema } from '@etf-replicator/core/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({
  /** ok: ready; degraded: a batch is failing (being retried); unavailable: parked events or a stalled projector. */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  eventStore: z.object({ kind: z.string() }),
  readModels: z.object({ kind: z.string() }),
  projections: z.array(
    projectionStatusSchema.extend({
      parked: z.number().int(),
      behindForMs: z.number().int(),
      stalled: z.boolean(),
    }),
  ),
  lagging: z.number().int(),
  /** Events parked by all projectors together (an admin lists and retries them at /admin/projection-failures). */
  parked: z.number().int(),
});

/**
 * GET /api/health (readiness): 200 while every projector is applying the log; 503 while any projector has parked
 * events or has stayed behind the head of the log beyond the runner's bound, so that a load balancer or the compose
 * healthcheck sees read models that no longer follow the log.
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: projection lag and parked events',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const projections = await app.projections.status();
      const parked = projections.reduce((sum, p) => sum + p.parked, 0);
      const unavailable = parked > 0 || projections.some((p) => p.stalled);
      const status = unavailable ? 'unavailable' : projections.some((p) => p.lastError) ? 'degraded' : 'ok';
      return reply.code(unavailable ? 503 : 200).send({
        status,
        eventStore: { kind: app.eventStore.kind },
        readModels: { kind: app.db.kind },
        projections: projections.map((p) => ({
          name: p.name,
          position: p.position ?? null,
          caughtUp: p.caughtUp,
          lastError: p.lastError ?? null,
          parked: p.parked,
          behindForMs: p.behindForMs,
          stalled: p.stalled,
        })),
        lagging: projections.filter((p) => !p.caughtUp).length,
        parked,
      });
    },
  );
}
