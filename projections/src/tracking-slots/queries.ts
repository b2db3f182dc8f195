import type { TrackingExistence } from '@etf-replicator/core';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

const unsettledRow = z.object({
  user_id: z.string(),
  tracking_id: z.string(),
  tracking: z.enum(['absent', 'live', 'deleted']),
});

export type UnsettledSlot = {
  readonly userId: string;
  readonly trackingId: string;
  /** What the read model believes; the reconciler checks the tracking's stream before acting. */
  readonly tracking: TrackingExistence;
};

/**
 * Slots out of step with their trackings: held for a deleted tracking, held for a tracking that never came and
 * reserved before `reservedBefore`, or a live tracking without one.
 */
export const findUnsettledSlots = async (
  db: CommonQueryMethods,
  { reservedBefore, limit = 1000 }: { reservedBefore: Date; limit?: number },
): Promise<UnsettledSlot[]> =>
  (
    await db.any(sql.type(unsettledRow)`
      select user_id, tracking_id, tracking from tracking_slots
       where held <> (tracking = 'live')
         and not (held and tracking = 'absent' and reserved_at >= ${reservedBefore.toISOString()})
       order by user_id, tracking_id
       limit ${limit}`)
  ).map((row) => ({ userId: row.user_id, trackingId: row.tracking_id, tracking: row.tracking }));
