import { MAX_FEEDBACK_IMAGE_BYTES, MAX_FEEDBACK_IMAGES } from '@etf-replicator/core/contracts/feedback';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { postgresRateLimitStore } from '../../http/postgres-rate-limit-store';
import { retrieveFeedbackRoute } from './retrieve-feedback';
import { submitFeedbackRoute } from './submit-feedback';

/** The feedback channel: anonymous or signed-in submissions with screenshots, and the admin viewer's list. */
export default async function feedbackFeature(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_FEEDBACK_IMAGE_BYTES,
      // One more than allowed, so a sixth image is seen and answered with the spec's message.
      files: MAX_FEEDBACK_IMAGES + 1,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: MAX_FEEDBACK_IMAGES + 21,
    },
  });
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(app.db.pool, 'feedback') });
  const anonymousLimit = (max: number) =>
    app.rateLimit({
      max,
      timeWindow: '1 hour',
      allowList: (request) => Boolean(request.user),
      errorResponseBuilder: () => ({
        statusCode: 429,
        message: 'Too many feedback messages from this address. Please try again in an hour.',
      }),
    });
  submitFeedbackRoute(app, anonymousLimit);
  retrieveFeedbackRoute(app);
}
