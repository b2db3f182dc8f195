import { projectionStatusSchema } from '@etf-replicator/core/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { measureProjectionLag } from '../../metrics/projection-lag';

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  eventStore: z.object({ kind: z.string() }),
  readModels: z.object({ kind: z.string() }),
  projections: z.array(projectionStatusSchema),
  lagging: z.number().int(),
});

const readinessResponse = z.object({
  ready: z.boolean(),
  database: z.enum(['ok', 'unreachable']),
  /** Projectors further behind than the bound (READY_MAX_LAG_SECONDS), or failing. */
  behind: z.array(z.object({ name: z.string(), lagSeconds: z.number(), failing: z.boolean() })),
});

/**
 * Probes. Load balancers and orchestrators call them every few seconds, so they log at warn level only.
 * - GET /api/health/live: the process answers (restart it when this fails).
 * - GET /api/health/ready: migrations applied (the server listens only after them), the database answers, and every
 *   projection is within READY_MAX_LAG_SECONDS of the log and not failing (send it traffic when this is 200).
 * - GET /api/health: the store kinds and how far each projection has caught up, for people (always 200).
 */
export default async function healthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/health/live',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  routes.get(
    '/api/health/ready',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Readiness: database reachable, projections caught up within the bound',
        response: { 200: readinessResponse, 503: readinessResponse },
      },
    },
    async (_request, reply) => {
      const database = await app.db.pool
        .oneFirst(sql.type(z.object({ ok: z.number() }))`select 1 as ok`)
        .then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        );
      const lags =
        database === 'ok'
          ? await measureProjectionLag({ eventStore: app.eventStore, projections: app.projections })
          : [];
      const behind = lags
        .filter((lag) => lag.failing || lag.seconds > app.config.READY_MAX_LAG_SECONDS)
        .map((lag) => ({ name: lag.name, lagSeconds: lag.seconds, failing: lag.failing }));
      const ready = database === 'ok' && behind.length === 0;
      return reply.code(ready ? 200 : 503).send({ ready, database, behind });
    },
  );

  routes.get(
    '/api/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Store kinds and projection progress',
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
