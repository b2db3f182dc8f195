import { feedbackRecordSchema } from '@etf-replicator/core/contracts/feedback';
import { listFeedback } from '@etf-replicator/projections/feedback/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLE_ADMIN } from '../../auth/session-user';

/** GET /api/retrieve-feedback: every submission, newest first, with screenshots as base64 (admins only). */
export const retrieveFeedbackRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/retrieve-feedback',
    {
      onRequest: [app.requireRole(ROLE_ADMIN)],
      schema: {
        tags: ['feedback'],
        summary: 'Feedback submissions for the Feedback Insights panel',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(feedbackRecordSchema) },
      },
    },
    async () => listFeedback(app.db.pool),
  );
};
