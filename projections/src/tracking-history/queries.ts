import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

const row = z.object({
  action_id: z.string(),
  occurred_at: z.date(),
  action_type: z.string(),
  details: z.record(z.string(), z.unknown()),
  reverted: z.boolean(),
  reverted_by: z.string().nullable(),
});

/** Reverts themselves, drift alert settings (they move no money; change them again instead) and drift alerts. */
const NOT_REVERTIBLE = new Set(['REVERT', 'CHANGE_DRIFT_ALERT', 'DRIFT_ALERT', 'IMPORT_POSITIONS']);

/** One page of a tracking's history, newest first (GET /api/history/{trackingId}?page&size). */
export const getTrackingHistory = async (
  db: CommonQueryMethods,
  trackingId: string,
  { page, size }: { page: number; size: number },
): Promise<{ content: HistoryEntry[]; totalElements: number }> => {
  const rows = await db.any(sql.type(row)`
    select action_id, occurred_at, action_type, details, reverted, reverted_by
      from tracking_history where tracking_id = ${trackingId}
     order by stream_revision desc
     limit ${size} offset ${page * size}`);
  // The total is kept by the projector: counting the rows would read the whole history of a long-lived tracking.
  const totalElements =
    (await db.maybeOneFirst(sql.type(z.object({ n: z.number() }))`
      select total as n from tracking_history_totals where tracking_id = ${trackingId}`)) ?? 0;
  return {
    content: rows.map((r) => ({
      id: r.action_id,
      timestamp: r.occurred_at.toISOString(),
      actionType: r.action_type,
      details: r.details as HistoryEntry['details'],
      // A harvest's orders are reverted with the harvest, never alone.
      revertible:
        !NOT_REVERTIBLE.has(r.action_type) && !r.reverted && typeof r.details.harvestId !== 'string',
      reverted: r.reverted,
      revertedBy: r.reverted_by,
    })),
    totalElements,
  };
};
