import type { HistoryEntry } from '@etf-replicator/core/contracts/trackings';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

const row = z.object({
  action_id: z.string(),
  occurred_at: z.date(),
  action_type: z.string(),
  details: z.record(z.string(), z.unknown()),
  reverted: z.boolean(),
  reverted_by: z.string().nullable(),
  total: z.number(),
});

/** One page of a tracking's history, newest first (GET /api/history/{trackingId}?page&size). */
export const getTrackingHistory = async (
  db: CommonQueryMethods,
  trackingId: string,
  { page, size }: { page: number; size: number },
): Promise<{ content: HistoryEntry[]; totalElements: number }> => {
  const rows = await db.any(sql.type(row)`
    select action_id, occurred_at, action_type, details, reverted, reverted_by, count(*) over ()::int as total
      from tracking_history where tracking_id = ${trackingId}
     order by stream_revision desc
     limit ${size} offset ${page * size}`);
  const totalElements =
    rows[0]?.total ??
    (await db.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from tracking_history where tracking_id = ${trackingId}`));
  return {
    content: rows.map((r) => ({
      id: r.action_id,
      timestamp: r.occurred_at.toISOString(),
      actionType: r.action_type,
      details: r.details as HistoryEntry['details'],
      revertible: r.action_type !== 'REVERT' && !r.reverted,
      reverted: r.reverted,
      revertedBy: r.reverted_by,
    })),
    totalElements,
  };
};
