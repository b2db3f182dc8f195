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
  // One limiter (the plugin runs one per request): per signed-in user, else per client address.
  const feedbackLimit = app.rateLimit({
    max: 10,
    timeWindow: '1 hour',
    keyGenerator: (request) => (request.user ? `user:${request.user.userId}` : `ip:${request.ip}`),
    errorResponseBuilder: (request) => ({
      statusCode: 429,
      message: request.user
        ? 'You have sent a lot of feedback this hour. Please try again in an hour.'
        : 'Too many feedback messages from this address. Please try again in an hour.',
    }),
  });
  submitFeedbackRoute(app, feedbackLimit);
  retrieveFeedbackRoute(app);
}
