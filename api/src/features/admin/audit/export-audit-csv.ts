import { queryAuditLog } from '@etf-replicator/projections/audit-log/index';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withEmails } from './audit-entries';
import { auditFilterQuerySchema, toAuditFilter } from './audit-query';
import { toCsv } from './csv';
import { auditExportFilename } from './export-filename';

/** Enough for any support case; the answer says when it stopped there. */
export const MAX_EXPORT_ROWS = 50_000;
const PAGE = 500;

const header = [
  'position',
  'recordedAt',
  'eventType',
  'streamId',
  'category',
  'streamRevision',
  'userId',
  'userEmail',
  'actorUserId',
  'actorEmail',
  'correlationId',
  'eventId',
  'data',
  'metadata',
];

/**
 * GET /api/admin/audit/export: the filtered audit log as CSV, newest first, named for the filter's dates. Data and
 * metadata are the read model's redacted copies, so no secret can reach the file.
 */
export const exportAuditCsvRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The filtered audit log as a CSV file',
        security: [{ bearerAuth: [] }],
        querystring: auditFilterQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const filter = await toAuditFilter(app.db.pool, request.query);
      const rows: (string | number | null)[][] = [header];
      let before: number | undefined;
      let truncated = false;
      while (filter) {
        const page = await queryAuditLog(app.db.pool, {
          ...filter,
          limit: PAGE,
          ...(before ? { before } : {}),
        });
        for (const entry of await withEmails(app.db.pool, page.entries)) {
          rows.push([
            entry.position,
            entry.recordedAt,
            entry.eventType,
            entry.streamId,
            entry.category,
            entry.streamRevision,
            entry.userId,
            entry.userEmail,
            entry.actorUserId,
            entry.actorEmail,
            entry.correlationId,
            entry.eventId,
            JSON.stringify(entry.data),
            JSON.stringify(entry.metadata),
          ]);
        }
        before = page.nextCursor;
        if (before === undefined) break;
        if (rows.length > MAX_EXPORT_ROWS) {
          truncated = true;
          break;
        }
      }
      const filename = auditExportFilename(request.query, new Date());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-export-truncated', String(truncated))
        .send(toCsv(rows));
    },
  );
};
