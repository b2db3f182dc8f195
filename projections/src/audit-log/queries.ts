import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

export type AuditFilter = {
  readonly userId?: string;
  readonly category?: string;
  readonly eventType?: string;
  readonly from?: Date;
  readonly to?: Date;
  /** Cursor: return entries older than this sequence number. */
  readonly before?: number;
  readonly limit?: number;
};

const auditRow = z.object({
  audit_seq: z.number(),
  event_id: z.string(),
  log_position: z.string(),
  stream_id: z.string(),
  category: z.string(),
  stream_revision: z.number(),
  event_type: z.string(),
  user_id: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  correlation_id: z.string().nullable(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  recorded_at: z.date(),
});

export type AuditEntry = {
  readonly seq: number;
  readonly eventId: string;
  readonly position: string;
  readonly streamId: string;
  readonly category: string;
  readonly streamRevision: number;
  readonly eventType: string;
  readonly userId: string | null;
  readonly actorUserId: string | null;
  readonly correlationId: string | null;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
  readonly recordedAt: string;
};

/** Newest first, filtered, one page at a time; `nextCursor` is undefined on the last page. */
export const queryAuditLog = async (db: CommonQueryMethods, filter: AuditFilter = {}) => {
  const limit = Math.min(Math.max(filter.limit ?? 50, 1), 500);
  const conditions = [
    filter.userId ? sql.fragment`user_id = ${filter.userId}` : null,
    filter.category ? sql.fragment`category = ${filter.category}` : null,
    filter.eventType ? sql.fragment`event_type = ${filter.eventType}` : null,
    filter.from ? sql.fragment`recorded_at >= ${filter.from.toISOString()}` : null,
    filter.to ? sql.fragment`recorded_at <= ${filter.to.toISOString()}` : null,
    filter.before ? sql.fragment`audit_seq < ${filter.before}` : null,
  ].filter((condition) => condition !== null);
  const where = conditions.length
    ? sql.fragment`where ${sql.join(conditions, sql.fragment` and `)}`
    : sql.fragment``;
  const rows = await db.any(sql.type(auditRow)`
    select audit_seq, event_id::text, log_position, stream_id, category, stream_revision, event_type, user_id,
           actor_user_id, correlation_id, data, metadata, recorded_at
      from audit_log ${where}
     order by audit_seq desc
     limit ${limit + 1}`);
  const entries: AuditEntry[] = rows.slice(0, limit).map((row) => ({
    seq: row.audit_seq,
    eventId: row.event_id,
    position: row.log_position,
    streamId: row.stream_id,
    category: row.category,
    streamRevision: row.stream_revision,
    eventType: row.event_type,
    userId: row.user_id,
    actorUserId: row.actor_user_id,
    correlationId: row.correlation_id,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at.toISOString(),
  }));
  return { entries, nextCursor: rows.length > limit ? entries.at(-1)?.seq : undefined };
};
