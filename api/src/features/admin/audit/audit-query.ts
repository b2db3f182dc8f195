import { wholeNumber } from '@etf-replicator/core/contracts/whole-number';
import type { AuditFilter } from '@etf-replicator/projections/audit-log/queries';
import { findUserByEmail } from '@etf-replicator/projections/users/queries';
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const instant = z.iso.datetime({
  offset: true,
  message: 'must be an ISO date-time such as 2026-01-31T12:00:00Z',
});

const filterFields = z.object({
  /** A user id, or an e-mail address (resolved to its user). */
  user: z.string().trim().min(1).max(254).optional(),
  category: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,50}$/, 'must be a stream category such as tracking')
    .optional(),
  eventType: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.]{1,100}$/, 'must be an event type such as OrderExecuted')
    .optional(),
  from: instant.optional(),
  to: instant.optional(),
});

const orderedRange = <T extends { from?: string | undefined; to?: string | undefined }>(query: T) =>
  !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to);
const rangeError = { path: ['to'], message: 'must not be before from' };

/** The audit log's filters as query-string fields; anything malformed is a 400 naming the field. */
export const auditFilterQuerySchema = filterFields.refine(orderedRange, rangeError);

/** The filters plus the page: `cursor` is the `nextCursor` of the previous page (entries older than it). */
export const auditPageQuerySchema = filterFields
  .extend({
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, 'must be the nextCursor of a previous page')
      .optional(),
    limit: wholeNumber().pipe(z.number().min(1).max(200)).default(50),
  })
  .refine(orderedRange, rangeError);

export type AuditFilterQuery = z.infer<typeof auditFilterQuerySchema>;

/**
 * The read model's filter for a query; undefined when it can match nothing (an e-mail nobody has), so the route can
 * answer an empty page without asking the log.
 */
export const toAuditFilter = async (
  db: CommonQueryMethods,
  query: AuditFilterQuery,
): Promise<AuditFilter | undefined> => {
  let userId = query.user;
  if (userId?.includes('@')) {
    const user = await findUserByEmail(db, userId);
    if (!user) return undefined;
    userId = user.id;
  }
  return {
    ...(userId ? { userId } : {}),
    ...(query.category ? { category: query.category } : {}),
    ...(query.eventType ? { eventType: query.eventType } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
  };
};
