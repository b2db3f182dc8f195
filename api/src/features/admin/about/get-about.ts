import { aboutSchema } from '@etf-replicator/core/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { processStartedAt, readBuildInfo } from './build-info';

/** Projection lag is counted up to here; beyond it the answer says "at least". */
const LAG_COUNT_LIMIT = 1000;

/** GET /api/admin/about: version, build and start times, store kinds and how far behind each projection is. */
export const aboutRoute = (app: FastifyInstance) => {
  const eventsAfter = async (position: string | undefined) => {
    const page = await app.eventStore.readAll({
      ...(position ? { after: position as never } : {}),
      maxCount: LAG_COUNT_LIMIT,
    });
    return page.events.length;
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/about',
    {
      schema: {
        tags: ['admin'],
        summary: 'About this installation',
        security: [{ bearerAuth: [] }],
        response: { 200: aboutSchema },
      },
    },
    async () => {
      const [build, head, projections] = await Promise.all([
        readBuildInfo(app.config.WEB_DIST_DIR),
        app.eventStore.headPosition(),
        app.projections.status(),
      ]);
      return {
        ...build,
        startedAt: processStartedAt.toISOString(),
        nodeVersion: process.version,
        environment: app.config.NODE_ENV,
        eventStore: { kind: app.eventStore.kind, headPosition: head ?? null },
        readModels: { kind: app.db.kind },
        projections: await Promise.all(
          projections.map(async (p) => ({
            name: p.name,
            position: p.position ?? null,
            caughtUp: p.caughtUp,
            eventsBehind: p.caughtUp ? 0 : await eventsAfter(p.position),
            lastError: p.lastError ?? null,
          })),
        ),
        lagLimit: LAG_COUNT_LIMIT,
      };
    },
  );
};
