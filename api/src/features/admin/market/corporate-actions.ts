import {
  corporateActionListSchema,
  corporateActionRecordResponseSchema,
  corporateActionTermsSchema,
} from '@etf-replicator/core/contracts/corporate-actions';
import { priceMoveConfirmationSchema } from '@etf-replicator/core/market-data/corporate-action-event';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmPriceMove } from '../../../market-data/corporate-actions/price-alerts';
import {
  listCorporateActions,
  recordCorporateAction,
} from '../../../market-data/corporate-actions/record-corporate-action';
import { applyCorporateActionToTrackings } from '../../../trackings/apply-corporate-action';

const messageSchema = z.object({ message: z.string() });

/**
 * GET /api/admin/corporate-actions: the recorded splits, ticker changes and spin-offs (issue 32 item 2).
 * POST /api/admin/corporate-actions {type, symbol, toSymbol?, ratio, basisFraction?, effectiveOn, note?}: records one
 * (source ADMIN; 201, or 200 when the same action — type, symbol, date — is recorded already) and applies it to every
 * tracking holding the symbol, answering once their read models show it. 400 on input the rules refuse.
 */
export const corporateActionRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/admin/corporate-actions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Recorded corporate actions, newest effective date first',
        security: [{ bearerAuth: [] }],
        response: { 200: corporateActionListSchema },
      },
    },
    async () => {
      const actions = await listCorporateActions(app.eventStore);
      return {
        actions: actions.sort((a, b) =>
          a.effectiveOn < b.effectiveOn ? 1 : a.effectiveOn > b.effectiveOn ? -1 : 0,
        ),
      };
    },
  );
  typed.post(
    '/api/admin/corporate-actions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Record a split, ticker change or spin-off and apply it to every tracking holding the stock',
        security: [{ bearerAuth: [] }],
        body: corporateActionTermsSchema,
        response: {
          200: corporateActionRecordResponseSchema,
          201: corporateActionRecordResponseSchema,
          400: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const recorded = await recordCorporateAction(app.eventStore, request.body, {
        source: 'ADMIN',
        actorUserId: request.user.userId,
      });
      // Applied also when it was recorded before: a tracking a failed run missed gets it now (idempotent).
      const applied = await applyCorporateActionToTrackings(app, recorded.action);
      return reply
        .code(recorded.outcome === 'appended' ? 201 : 200)
        .send({ action: recorded.action, outcome: recorded.outcome, appliedTo: applied.length });
    },
  );
  typed.post(
    '/api/admin/corporate-actions/confirm-price',
    {
      schema: {
        tags: ['admin'],
        summary: "Confirm a held stock's flagged price move as real (clears its price alert)",
        security: [{ bearerAuth: [] }],
        body: priceMoveConfirmationSchema,
        response: { 201: z.object({ symbol: z.string(), snapshotDate: z.string() }), 400: messageSchema },
      },
    },
    async (request, reply) => {
      await confirmPriceMove(app.eventStore, request.body, request.user.userId);
      return reply.code(201).send(request.body);
    },
  );
};
