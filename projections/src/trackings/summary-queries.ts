import { indexDefinitionSchema, indexLabel } from '@etf-replicator/core';
import type { TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

/**
 * The trackings-summary list (GET /api/trackings/trackings-summary) of several users at once, and the version of
 * each list alone: it changes whenever a row changes (each row's write time and revision) or a tracking comes or
 * goes. Both rows are written by one statement (tracking-rows.ts), so a list with an unchanged version is unchanged.
 * A user without live trackings has no row: their list is empty and its version ''.
 */
export type TrackingsSummary = { readonly trackings: TrackingSummary[]; readonly version: string };

export const EMPTY_TRACKINGS_SUMMARY: TrackingsSummary = { trackings: [], version: '' };

/** One tracking's part of its list's version: `<trackingId>:<revision>.<write time in µs>`. */
const rowVersion = sql.fragment`d.tracking_id || ':' || d.stream_revision || '.' ||
  (extract(epoch from d.updated_at) * 1000000)::bigint`;

type VersionRow = { readonly user_id: string; readonly version: string };

/**
 * The version of each user's list (one small statement, no view read): users without trackings are left out. Run
 * on every summary read, so its rows skip zod: both columns are text this statement builds (`user_id` is the
 * key it filters on, never null; `string_agg` of non-null text over at least one row), not stored input.
 */
export const getTrackingsSummaryVersions = async (
  db: CommonQueryMethods,
  userIds: readonly string[],
): Promise<Map<string, string>> => {
  const rows = (await db.any(sql.unsafe`
    select s.user_id, string_agg(${rowVersion}, ',' order by s.created_at, s.tracking_id) as version
      from trackings_summary s join tracking_detail d on d.tracking_id = s.tracking_id
     where s.user_id = any(${sql.array([...userIds], 'text')}) group by s.user_id`)) as readonly VersionRow[];
  return new Map(rows.map((row) => [row.user_id, row.version]));
};

const summaryRow = z.object({
  user_id: z.string(),
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
 * Each user's live trackings, oldest first, with the version of the list (users without trackings are left out).
 * The closes' dates come from the detail's view, written with the same row (no column of their own).
 */
export const getTrackingsSummaries = async (
  db: CommonQueryMethods,
  userIds: readonly string[],
): Promise<Map<string, TrackingsSummary>> => {
  const rows = await db.any(sql.type(summaryRow)`
    select s.user_id, s.tracking_id, s.symbol, s.amount_invested::text, s.leftover_amount::text,
           s.replication_rate::text, s.etf_name, s.created_at,
           d.view->'pricesAsOf'->>'from' as prices_from, d.view->'pricesAsOf'->>'to' as prices_to,
           ${rowVersion} as version,
           d.view->>'etfReplicationRate' as etf_replication_rate,
           d.view->>'cashToReachTarget' as cash_to_reach_target, d.view->'index' as index
      from trackings_summary s join tracking_detail d on d.tracking_id = s.tracking_id
     where s.user_id = any(${sql.array([...userIds], 'text')}) order by s.user_id, s.created_at, s.tracking_id`);
  const lists = new Map<string, { trackings: TrackingSummary[]; versions: string[] }>();
  for (const row of rows) {
    let list = lists.get(row.user_id);
    if (!list) {
      list = { trackings: [], versions: [] };
      lists.set(row.user_id, list);
    }
    list.versions.push(row.version);
    list.trackings.push({
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
    });
  }
  return new Map(
    [...lists].map(([userId, list]) => [
      userId,
      { trackings: list.trackings, version: list.versions.join(',') },
    ]),
  );
};
