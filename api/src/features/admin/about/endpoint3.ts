import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * GET /api/endpoint3: the test console's third call (spec 2 §7 leaves it unspecified). A harmless diagnostic that
 * reads nothing private: the server's clock, uptime and store kinds.
 */
export const endpoint3Route = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/endpoint3',
    {
      schema: {
        tags: ['admin'],
        summary: 'Diagnostic echo for the test console',
        security: [{ bearerAuth: [] }],
        response: {
          200: z.object({
            message: z.string(),
            serverTime: z.string(),
            uptimeSeconds: z.number(),
            eventStore: z.string(),
            readModels: z.string(),
            requestId: z.string(),
          }),
        },
      },
    },
    async (request) => ({
      message: 'endpoint3 is working',
      serverTime: new Date().toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
      eventStore: app.eventStore.kind,
      readModels: app.db.kind,
      requestId: request.id,
    }),
  );
};
