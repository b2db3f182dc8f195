import { type AuditEntry, emailsOfUsers } from '@etf-replicator/projections/audit-log/index';
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** One event of the log as staff see it: redacted data and metadata, plus the e-mails of the people it names. */
export const auditEntrySchema = z.object({
  seq: z.number().int(),
  eventId: z.string(),
  position: z.string(),
  streamId: z.string(),
  category: z.string(),
  streamRevision: z.number().int(),
  eventType: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  correlationId: z.string().nullable(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
});
export type StaffAuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** Adds the e-mail of each entry's user and actor (null for ids such as `system` that are not users). */
export const withEmails = async (
  db: CommonQueryMethods,
  entries: readonly AuditEntry[],
): Promise<StaffAuditEntry[]> => {
  const ids = entries.flatMap((entry) => [entry.userId, entry.actorUserId]).filter((id) => id !== null);
  const emails = await emailsOfUsers(db, ids);
  const emailOf = (id: string | null) => (id === null ? null : (emails.get(id) ?? null));
  return entries.map((entry) => ({
    ...entry,
    userEmail: emailOf(entry.userId),
    actorEmail: emailOf(entry.actorUserId),
  }));
};
