import { projectionStatusSchema } from '@etf-replicator/core/contracts/admin';
import { listRecomputeFailures } from '@etf-replicator/projections/trackings/recompute-stale';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'slonik';
import { z } from 'zod';
import { measureProjectionLag } from '../../metrics/projection-lag';

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
  /**
   * ETFs whose trackings could not be recomputed after a new snapshot (listed and retried at the same page). Their
   * trackings keep their last views and commands still derive with the latest snapshot: degraded, not unavailable.
   */
  recomputeFailures: z.array(z.object({ symbol: z.string(), error: z.string() })),
});

const readinessResponse = z.object({
  ready: z.boolean(),
  database: z.enum(['ok', 'unreachable']),
  /** Projectors further behind than the bound (READY_MAX_LAG_SECONDS), or failing. */
  behind: z.array(z.object({ name: z.string(), lagSeconds: z.number(), failing: z.boolean() })),
  /** Events parked by the projectors (they no longer follow the log until an admin retries them). */
  parked: z.number().int(),
});

/**
 * Probes. Load balancers and orchestrators call them every few seconds, so they log at warn level only.
 * - GET /api/health/live: the process answers (restart it when this fails).
 * - GET /api/health/ready: migrations applied (the server listens only after them), the database answers, and every
 *   projection is within READY_MAX_LAG_SECONDS of the log and not failing (send it traffic when this is 200).
 * - GET /api/health: the store kinds and how far each projection has caught up, for people; 503 while any
 *   projector has parked events or has stayed behind the log beyond the runner's bound.
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
      const parked =
        database === 'ok' ? (await app.projections.status()).reduce((sum, p) => sum + p.parked, 0) : 0;
      const ready = database === 'ok' && behind.length === 0 && parked === 0;
      return reply.code(ready ? 200 : 503).send({ ready, database, behind, parked });
    },
  );

  routes.get(
    '/api/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Store kinds, projection progress and parked events',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const projections = await app.projections.status();
      const recomputeFailures = (await listRecomputeFailures(app.db.pool)).map(({ symbol, error }) => ({
        symbol,
        error,
      }));
      const parked = projections.reduce((sum, p) => sum + p.parked, 0);
      const unavailable = parked > 0 || projections.some((p) => p.stalled);
      const failing = projections.some((p) => p.lastError) || recomputeFailures.length > 0;
      const status = unavailable ? 'unavailable' : failing ? 'degraded' : 'ok';
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
        recomputeFailures,
      });
    },
  );
}
