import { projectionStatusSchema } from '@etf-replicator/core/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  eventStore: z.object({ kind: z.string() }),
  readModels: z.object({ kind: z.string() }),
  projections: z.array(projectionStatusSchema),
  lagging: z.number().int(),
});

/** GET /api/health: the store kinds and how far each projection has caught up (degraded while one is failing). */
export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and projection lag',
        response: { 200: healthResponse },
      },
    },
    async () => {
      const projections = await app.projections.status();
      return {
        status: projections.some((p) => p.lastError) ? ('degraded' as const) : ('ok' as const),
        eventStore: { kind: app.eventStore.kind },
        readModels: { kind: app.db.kind },
        projections: projections.map((p) => ({
          name: p.name,
          position: p.position ?? null,
          caughtUp: p.caughtUp,
          lastError: p.lastError ?? null,
        })),
        lagging: projections.filter((p) => !p.caughtUp).length,
      };
    },
  );
}
