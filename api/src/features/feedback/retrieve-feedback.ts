import { feedbackRecordSchema } from '@etf-replicator/core/contracts/feedback';
import { wholeNumber } from '@etf-replicator/core/contracts/whole-number';
import {
  countFeedback,
  getFeedbackImage,
  getFeedbackImagesBase64,
  listFeedback,
} from '@etf-replicator/projections/feedback/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLE_ADMIN } from '../../auth/session-user';
import { HttpError } from '../../http/http-error';

/** How long a screenshot link in a list answer works. */
export const IMAGE_URL_TTL_SECONDS = 15 * 60;
export const FEEDBACK_PAGE_SIZE = { default: 50, max: 100 } as const;

const pageQuery = z.object({
  page: wholeNumber().pipe(z.number().min(0).max(100_000)).default(0),
  size: wholeNumber().pipe(z.number().min(1).max(FEEDBACK_PAGE_SIZE.max)).default(FEEDBACK_PAGE_SIZE.default),
  /** `inline` (spec 2 §3): `images` holds each screenshot in base64; `links`: only `imageUrls` (a lighter page). */
  images: z.enum(['inline', 'links'], { message: 'must be inline or links' }).default('inline'),
});
const imageParams = z.object({ id: z.uuid(), position: wholeNumber().pipe(z.number().min(0).max(99)) });
const imageQuery = z.object({ expires: z.string().max(20), signature: z.string().max(100) });

const imagePath = (id: string, position: number) => `/api/retrieve-feedback/${id}/images/${position}`;

/**
 * GET /api/retrieve-feedback?page=&size=&images=: one page of submissions, newest first (admins only); the total is
 * in `X-Total-Count`. As spec 2 §3/§7 has it, `images` holds each screenshot as a base64 string and `imageTypes`
 * its type (issue 32: it answered `images: []`). In addition `imageUrls` holds signed links (valid 15 minutes);
 * with `images=links` the screenshots are not inlined, and the page stays small (our viewer loads each screenshot
 * by its link when a row is opened). GET /api/retrieve-feedback/{id}/images/{n} answers one screenshot for a valid
 * link (403 otherwise).
 */
export const retrieveFeedbackRoute = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/retrieve-feedback',
    {
      onRequest: [app.requireRole(ROLE_ADMIN)],
      schema: {
        tags: ['feedback'],
        summary:
          'Feedback submissions for the Feedback Insights panel (paged; screenshots in base64 and by link)',
        security: [{ bearerAuth: [] }],
        querystring: pageQuery,
        response: {
          200: z.array(feedbackRecordSchema.extend({ imageUrls: z.array(z.string()) })),
        },
      },
    },
    async (request, reply) => {
      const { page, size, images } = request.query;
      const now = new Date();
      const [records, total] = await Promise.all([
        listFeedback(app.db.pool, { page, size }),
        countFeedback(app.db.pool),
      ]);
      const inline =
        images === 'inline'
          ? await getFeedbackImagesBase64(
              app.db.pool,
              records.filter((record) => record.imageTypes.length > 0).map((record) => record.id),
            )
          : new Map<string, string[]>();
      reply.header('x-total-count', String(total));
      return records.map((record) => ({
        ...record,
        images: inline.get(record.id) ?? [],
        imageUrls: record.imageTypes.map((_, position) =>
          app.signedUrls.sign(imagePath(record.id, position), IMAGE_URL_TTL_SECONDS, now),
        ),
      }));
    },
  );

  typed.get(
    '/api/retrieve-feedback/:id/images/:position',
    {
      schema: {
        tags: ['feedback'],
        summary: 'One feedback screenshot (signed link from the list)',
        params: imageParams,
        querystring: imageQuery,
      },
    },
    async (request, reply) => {
      const { id, position } = request.params;
      const { expires, signature } = request.query;
      if (!app.signedUrls.verify(imagePath(id, position), expires, signature, new Date())) {
        throw new HttpError(403, 'This screenshot link is invalid or has expired. Reload the feedback list.');
      }
      const image = await getFeedbackImage(app.db.pool, id, position);
      if (!image) throw new HttpError(404, 'Screenshot not found');
      return reply
        .header('content-type', image.media_type)
        .header('cache-control', `private, max-age=${IMAGE_URL_TTL_SECONDS}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(Buffer.from(image.bytes));
    },
  );
};
