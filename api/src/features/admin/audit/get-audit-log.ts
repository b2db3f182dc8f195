import { getAuditFilterOptions, queryAuditLog } from '@etf-replicator/projections/audit-log/index';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditPageSchema, withEmails } from './audit-entries';
import { auditPageQuerySchema, toAuditFilter } from './audit-query';

/**
 * GET /api/admin/audit: every event of every stream, newest first, filtered by user (id or e-mail), stream
 * category, event type and time range, one page at a time by log order (`cursor`). Data and metadata are redacted.
 * GET /api/admin/audit/filters: the categories and event types the dropdowns offer.
 */
export const auditLogRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log: every event, newest first, filtered and paged',
        security: [{ bearerAuth: [] }],
        querystring: auditPageQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      const { cursor, limit, ...query } = request.query;
      const filter = await toAuditFilter(app.db.pool, query);
      if (!filter) return { entries: [], nextCursor: null };
      const page = await queryAuditLog(app.db.pool, {
        ...filter,
        limit,
        ...(cursor ? { before: Number(cursor) } : {}),
      });
      return {
        entries: await withEmails(app.db.pool, page.entries),
        nextCursor: page.nextCursor === undefined ? null : String(page.nextCursor),
      };
    },
  );

  typed.get(
    '/api/admin/audit/filters',
    {
      schema: {
        tags: ['admin'],
        summary: 'Stream categories and event types recorded so far',
        security: [{ bearerAuth: [] }],
        response: { 200: z.object({ categories: z.array(z.string()), eventTypes: z.array(z.string()) }) },
      },
    },
    async () => getAuditFilterOptions(app.db.pool),
  );
};
