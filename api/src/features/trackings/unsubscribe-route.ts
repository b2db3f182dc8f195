import { decide, trackingStreamId } from '@etf-replicator/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleCommand } from '../../commands/handle-command';
import { unsubscribePath } from '../../trackings/drift-mail';
import { trackingFolder } from '../../trackings/tracking-streams';
import { trackingIdParams } from './tracking-routes';

const INVALID = 'This link is invalid or has expired. Sign in to change the alert in the tracking settings.';

/**
 * GET /api/trackings/{id}/alerts/unsubscribe?expires&signature: the link in a drift alert e-mail (issue 20). Works
 * without signing in (the signature stands for the owner) and turns the tracking's drift alerts off; a repeat
 * changes nothing.
 */
export const unsubscribeRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/trackings/:trackingId/alerts/unsubscribe',
    {
      schema: {
        tags: ['trackings'],
        summary: 'Turn drift alerts off from the e-mail link (signed, no sign-in)',
        params: trackingIdParams,
        querystring: z.object({ expires: z.string().max(20), signature: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { trackingId } = request.params;
      const { expires, signature } = request.query;
      if (!app.signedUrls.verify(unsubscribePath(trackingId), expires, signature, new Date())) {
        return reply.code(403).type('text/plain; charset=utf-8').send(INVALID);
      }
      const result = await handleCommand(
        app.eventStore,
        trackingStreamId(trackingId),
        trackingFolder,
        (state) =>
          state.status === 'Active'
            ? decide(
                {
                  type: 'ChangeDriftAlertSettings',
                  data: { enabled: false, thresholdPoints: state.driftAlert.thresholdPoints },
                  metadata: { now: new Date(), eventId: crypto.randomUUID(), actorUserId: state.userId },
                },
                state,
              )
            : [],
        { actorUserId: null, correlationId: trackingId },
      );
      if (result.state.status !== 'Active')
        return reply.code(404).type('text/plain; charset=utf-8').send(INVALID);
      if (result.position) await app.projections.waitForPosition(result.position, { timeoutMs: 10_000 });
      return reply
        .type('text/plain; charset=utf-8')
        .send(
          `Drift alerts for your ${result.state.symbol} tracking are off. You can turn them on again in its settings.`,
        );
    },
  );
};
