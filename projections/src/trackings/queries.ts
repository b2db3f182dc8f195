import type { TrackingDetail, TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

const summaryRow = z.object({
  tracking_id: z.string(),
  symbol: z.string(),
  amount_invested: z.string(),
  leftover_amount: z.string(),
  replication_rate: z.string(),
});

/** The user's live trackings, oldest first (GET /api/trackings/trackings-summary). */
export const getTrackingsSummary = async (
  db: CommonQueryMethods,
  userId: string,
): Promise<TrackingSummary[]> =>
  (
    await db.any(sql.type(summaryRow)`
      select tracking_id, symbol, amount_invested::text, leftover_amount::text, replication_rate::text
        from trackings_summary where user_id = ${userId} order by created_at, tracking_id`)
  ).map((row) => ({
    trackingId: row.tracking_id,
    symbol: row.symbol,
    amountInvested: row.amount_invested,
    leftoverAmount: row.leftover_amount,
    replicationRate: row.replication_rate,
  }));

export const countLiveTrackings = async (db: CommonQueryMethods, userId: string): Promise<number> =>
  db.oneFirst(sql.type(z.object({ n: z.number() }))`
    select count(*)::int as n from tracking_detail where user_id = ${userId} and not deleted`);

export type TrackingRecord = {
  readonly trackingId: string;
  readonly userId: string;
  readonly symbol: string;
  readonly deleted: boolean;
  readonly streamRevision: number;
  readonly detail: TrackingDetail;
};

const detailRow = z.object({
  tracking_id: z.string(),
  user_id: z.string(),
  symbol: z.string(),
  deleted: z.boolean(),
  stream_revision: z.number(),
  view: z.record(z.string(), z.unknown()),
  updated_at: z.date(),
});

/** A tracking with its owner (the API decides who may see it); undefined when unknown. */
export const getTrackingRecord = async (
  db: CommonQueryMethods,
  trackingId: string,
): Promise<TrackingRecord | undefined> => {
  const row = await db.maybeOne(sql.type(detailRow)`
    select tracking_id, user_id, symbol, deleted, stream_revision, view, updated_at
      from tracking_detail where tracking_id = ${trackingId}`);
  if (!row) return undefined;
  return {
    trackingId: row.tracking_id,
    userId: row.user_id,
    symbol: row.symbol,
    deleted: row.deleted,
    streamRevision: row.stream_revision,
    detail: { ...(row.view as Omit<TrackingDetail, 'updatedAt'>), updatedAt: row.updated_at.toISOString() },
  };
};

/** Support search: trackings by owner id or ETF symbol, newest first. */
export const findTrackings = async (
  db: CommonQueryMethods,
  { userIds, symbol, limit = 50 }: { userIds?: readonly string[]; symbol?: string; limit?: number },
) =>
  db.any(sql.type(
    z.object({
      tracking_id: z.string(),
      user_id: z.string(),
      symbol: z.string(),
      deleted: z.boolean(),
      created_at: z.date(),
    }),
  )`
    select tracking_id, user_id, symbol, deleted, created_at from tracking_detail
     where (${userIds ? sql.array([...userIds], 'text') : null}::text[] is null or user_id = any(${userIds ? sql.array([...userIds], 'text') : null}::text[]))
       and (${symbol ?? null}::text is null or symbol = ${symbol ?? null})
     order by created_at desc limit ${limit}`);
