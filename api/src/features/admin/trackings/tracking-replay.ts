import { redactSecrets } from '@etf-replicator/projections/audit-log/index';
import { trackingStateAt } from '@etf-replicator/projections/trackings/replay-tracking';
import { snapshotSymbols } from '@etf-replicator/projections/trackings/sources';
import { getUserById } from '@etf-replicator/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../http/http-error';
import { trackingReplaySchema } from './replay-schema';

const NO_SUCH_TRACKING = 'There is no tracking with this id.';
const POSITION = /^\d{1,20}:\d{1,20}$/;

/**
 * GET /api/admin/trackings/{id}/replay?until=POSITION: support's time travel. The tracking's events (for the
 * slider) and its state right after the last event at or before `until` (default: now), recomputed from the log by
 * `trackingStateAt` (the fold behind `npm run tracking:replay`, with only that step derived): positions, cash, target, orders, rates and the
 * prices of that moment. Read-only: there is no staff route that changes a user's tracking.
 */
export const trackingReplayRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/trackings/:id/replay',
    {
      schema: {
        tags: ['admin'],
        summary: "A tracking's history replayed up to a log position",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().trim().min(1).max(100) }),
        querystring: z.object({
          until: z
            .string()
            .regex(POSITION, 'must be a log position such as 1234:56 (the position of one of its events)')
            .optional(),
        }),
        response: { 200: trackingReplaySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { until } = request.query;
      if (until) {
        try {
          app.eventStore.comparePositions(until as never, until as never);
        } catch {
          throw new HttpError(400, 'Invalid until: not a position of this event log');
        }
      }
      const state = await trackingStateAt(app.eventStore, id, until ? { position: until } : undefined, {
        allEtfs: await snapshotSymbols(app.db.pool),
      });
      if (state === undefined) throw new HttpError(404, NO_SUCH_TRACKING);
      const events = await app.eventStore.readStream(`tracking-${id}`);
      const created = (events[0]?.data ?? {}) as { symbol?: string; userId?: string };
      const symbol = created.symbol ?? '';
      const userId = created.userId ?? '';
      const owner = await getUserById(app.db.pool, userId);
      return {
        trackingId: id,
        symbol,
        userId,
        ownerEmail: owner?.email ?? null,
        until: until ?? null,
        events: events.map((event) => ({
          position: event.globalPosition,
          recordedAt: event.recordedAt.toISOString(),
          eventId: event.id,
          eventType: event.type,
          data: redactSecrets(event.data),
          actorUserId: (event.metadata.actorUserId as string | undefined) ?? null,
        })),
        state,
      };
    },
  );
};
