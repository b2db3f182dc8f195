import { indexDefinitionSchema, indexLabel } from '@etf-replicator/core';
import type { TrackingDetail, TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { decodeTrackingState } from './tracking-state-codec';

const summaryRow = z.object({
  tracking_id: z.string(),
  symbol: z.string(),
  amount_invested: z.string(),
  leftover_amount: z.string(),
  replication_rate: z.string(),
  etf_name: z.string().nullable(),
  created_at: z.date(),
  prices_from: z.string().nullable(),
  prices_to: z.string().nullable(),
  version: z.string(),
  etf_replication_rate: z.string().nullable(),
  cash_to_reach_target: z.string().nullable(),
  index: indexDefinitionSchema.nullable(),
});

/**
 * The user's live trackings, oldest first (GET /api/trackings/trackings-summary), with a version of the list: it
 * changes whenever a row changes (each row's write time and revision) or a tracking comes or goes. The closes'
 * dates come from the detail's view, written with the same row (no column of their own).
 */
export const getTrackingsSummary = async (
  db: CommonQueryMethods,
  userId: string,
): Promise<{ trackings: TrackingSummary[]; version: string }> => {
  const rows = await db.any(sql.type(summaryRow)`
    select s.tracking_id, s.symbol, s.amount_invested::text, s.leftover_amount::text, s.replication_rate::text,
           s.etf_name, s.created_at,
           d.view->'pricesAsOf'->>'from' as prices_from, d.view->'pricesAsOf'->>'to' as prices_to,
           d.stream_revision || '.' || (extract(epoch from d.updated_at) * 1000000)::bigint as version,
           d.view->>'etfReplicationRate' as etf_replication_rate,
           d.view->>'cashToReachTarget' as cash_to_reach_target, d.view->'index' as index
      from trackings_summary s join tracking_detail d on d.tracking_id = s.tracking_id
     where s.user_id = ${userId} order by s.created_at, s.tracking_id`);
  return {
    trackings: rows.map((row) => ({
      trackingId: row.tracking_id,
      symbol: row.symbol,
      amountInvested: row.amount_invested,
      leftoverAmount: row.leftover_amount,
      replicationRate: row.replication_rate,
      etfName: row.etf_name,
      createdAt: row.created_at.toISOString(),
      // The detail's own figures (issue 32), so that the list and the detail never disagree.
      ...(row.etf_replication_rate === null ? {} : { etfReplicationRate: row.etf_replication_rate }),
      ...(row.cash_to_reach_target === null ? {} : { cashToReachTarget: row.cash_to_reach_target }),
      pricesAsOf: row.prices_from && row.prices_to ? { from: row.prices_from, to: row.prices_to } : null,
      ...(row.index === null ? {} : { indexLabel: indexLabel(row.index) }),
    })),
    version: rows.map((row) => `${row.tracking_id}:${row.version}`).join(','),
  };
};

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

/**
 * Every tracking of a user, deleted ones included (issue 26: a deleted tracking's sales stay in the tax report and
 * its lots still count as wash-sale replacements), oldest first, with the stream revision the row shows.
 */
export const getInvestorTrackings = async (
  db: CommonQueryMethods,
  userId: string,
): Promise<InvestorTrackingRow[]> =>
  (
    await db.any(sql.type(investorTrackingRow)`
      select tracking_id, symbol, deleted, created_at, stream_revision, snapshot_event_id from tracking_detail
       where user_id = ${userId} order by created_at, tracking_id`)
  ).map((row) => ({
    trackingId: row.tracking_id,
    symbol: row.symbol,
    deleted: row.deleted,
    createdAt: row.created_at.toISOString(),
    streamRevision: row.stream_revision,
    snapshotEventId: row.snapshot_event_id,
  }));
