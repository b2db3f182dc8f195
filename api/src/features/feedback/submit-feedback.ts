import { randomUUID } from 'node:crypto';
import { feedbackSubmissionSchema } from '@etf-replicator/core/contracts/feedback';
import {
  FEEDBACK_SUBMITTED,
  type FeedbackSubmitted,
  feedbackStreamId,
} from '@etf-replicator/projections/feedback/events';
import { deleteFeedbackImages, saveFeedbackImages } from '@etf-replicator/projections/feedback/queries';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { rejectUnsafeText } from '../../plugins/input-guard';
import { readMultipartFeedback } from './read-multipart-feedback';

const parseSubmission = (json: string | undefined) => {
  if (json === undefined) throw new HttpError(400, 'Invalid feedback: the "feedback" part is missing');
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new HttpError(400, 'Invalid feedback: the "feedback" part is not valid JSON');
  }
  rejectUnsafeText(raw); // the multipart part is parsed here, past the app-wide checks on bodies
  const parsed = feedbackSubmissionSchema.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid feedback');
  return parsed.data;
};

/**
 * POST /api/feedback (multipart: `feedback` JSON + up to five `images`). Screenshots are stored first, then the
 * FeedbackSubmitted event (which only describes them); if the append fails the stored images are removed again.
 * A signed-in sender's e-mail comes from the token, never from the body. 10 an hour per user, or per address.
 */
export const submitFeedbackRoute = (app: FastifyInstance, limit: preHandlerAsyncHookHandler) => {
  app.post(
    '/api/feedback',
    {
      onRequest: [app.identify],
      preHandler: [limit],
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback with optional screenshots',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (request) => {
      const { feedbackJson, images } = await readMultipartFeedback(request);
      const submission = parseSubmission(feedbackJson);
      const user = request.user;
      const feedbackId = randomUUID();
      const { email: _ignored, message, ...context } = submission;
      const data: FeedbackSubmitted = {
        feedbackId,
        userId: user?.userId ?? null,
        email: user ? user.email : submission.email,
        message: message.trim(),
        submittedAt: new Date().toISOString(),
        context,
        images: images.map((image) => ({
          mediaType: image.mediaType,
          size: image.bytes.length,
          sha256: image.sha256,
        })),
      };
      await saveFeedbackImages(app.db.pool, feedbackId, images);
      try {
        const result = await app.eventStore.appendToStream(
          feedbackStreamId(feedbackId),
          [
            {
              id: feedbackId,
              type: FEEDBACK_SUBMITTED,
              data,
              metadata: { actorUserId: user?.userId ?? null },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
        await app.projections.waitForPosition(result.position, { projections: ['feedback'] });
      } catch (error) {
        await deleteFeedbackImages(app.db.pool, feedbackId).catch(() => undefined);
        throw error;
      }
      return { id: feedbackId };
    },
  );
};
