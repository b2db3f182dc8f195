import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { EMPTY_TRACKINGS_SUMMARY, getTrackingsSummaries, type TrackingsSummary } from './summary-queries';
import { decodeTrackingState } from './tracking-state-codec';

/**
 * The user's live trackings, oldest first (GET /api/trackings/trackings-summary), with a version of the list: it
 * changes whenever a row changes (each row's write time and revision) or a tracking comes or goes.
 */
export const getTrackingsSummary = async (
  db: CommonQueryMethods,
  userId: string,
): Promise<TrackingsSummary> =>
  (await getTrackingsSummaries(db, [userId])).get(userId) ?? EMPTY_TRACKINGS_SUMMARY;

export const countLiveTrackings = async (db: CommonQueryMethods, userId: string): Promise<number> =>
  db.oneFirst(sql.type(z.object({ n: z.number() }))`
    select count(*)::int as n from tracking_detail where user_id = ${userId} and not deleted`);

export type TrackingRecord = {
  readonly trackingId: string;
  readonly userId: string;
  readonly symbol: string;
  readonly deleted: boolean;
  readonly streamRevision: number;
  /** Changes whenever the row is written (a command, a new snapshot, a plan change): the detail's ETag. */
  readonly version: string;
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
    version: `${row.stream_revision}.${row.updated_at.getTime()}`,
    detail: {
      ...(row.view as Omit<TrackingDetail, 'updatedAt'>),
      updatedAt: row.updated_at.toISOString(),
      revision: row.stream_revision,
    },
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

/** The folded tracking the read side stores (without its history), for previews that must not append anything. */
export const readStoredTrackingState = async (db: CommonQueryMethods, trackingId: string) => {
  const row = await db.maybeOne(
    sql.type(z.object({ state: z.unknown(), lots: z.array(z.unknown()) }))`
      select d.state, coalesce((select jsonb_agg(l.lot order by l.lot->>'acquiredAt', l.lot_id) from tracking_lots l
                                 where l.tracking_id = d.tracking_id), '[]'::jsonb) as lots
        from tracking_detail d where d.tracking_id = ${trackingId}`,
  );
  return row === null ? undefined : decodeTrackingState(row.state, row.lots);
};

const investorTrackingRow = z.object({
  tracking_id: z.string(),
  symbol: z.string(),
  deleted: z.boolean(),
  created_at: z.date(),
  stream_revision: z.number(),
  snapshot_event_id: z.string().nullable(),
});
export type InvestorTrackingRow = {
  readonly trackingId: string;
  readonly symbol: string;
  readonly deleted: boolean;
  readonly createdAt: string;
  readonly streamRevision: number;
  /** The ETF snapshot the row was derived with (null before the ETF's first). */
  readonly snapshotEventId: string | null;
};

const usersTrackingRow = investorTrackingRow.extend({ user_id: z.string() });

const investorTracking = (row: z.infer<typeof usersTrackingRow>): InvestorTrackingRow => ({
  trackingId: row.tracking_id,
  symbol: row.symbol,
  deleted: row.deleted,
  createdAt: row.created_at.toISOString(),
  streamRevision: row.stream_revision,
  snapshotEventId: row.snapshot_event_id,
});

/**
 * Every tracking of a user, deleted ones included (issue 26: a deleted tracking's sales stay in the tax report and
 * its lots still count as wash-sale replacements), oldest first, with the stream revision the row shows.
 */
export const getInvestorTrackings = async (
  db: CommonQueryMethods,
  userId: string,
): Promise<InvestorTrackingRow[]> => (await getInvestorTrackingsOfUsers(db, [userId])).get(userId) ?? [];

/** getInvestorTrackings of several users in one statement (users without trackings are left out). */
export const getInvestorTrackingsOfUsers = async (
  db: CommonQueryMethods,
  userIds: readonly string[],
): Promise<Map<string, InvestorTrackingRow[]>> => {
  const rows = await db.any(sql.type(usersTrackingRow)`
    select user_id, tracking_id, symbol, deleted, created_at, stream_revision, snapshot_event_id from tracking_detail
     where user_id = any(${sql.array([...userIds], 'text')}) order by created_at, tracking_id`);
  const trackings = new Map<string, InvestorTrackingRow[]>();
  for (const row of rows) {
    const list = trackings.get(row.user_id);
    if (list) list.push(investorTracking(row));
    else trackings.set(row.user_id, [investorTracking(row)]);
  }
  return trackings;
};
