import type { RateAlertMark, RateSnapshotMark } from '@etf-replicator/core/contracts/trackings';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

/** At most this many marks of each kind (the newest): a daily refresh gives ~250 snapshots a year. */
const MARK_LIMIT = 500;

const snapshotRow = z.object({
  published_at: z.date(),
  holdings_as_of: z.string().nullable(),
  source_provider: z.string(),
});

/** The ETF's snapshots published since `since` (the tracking's first point), oldest first. */
export const snapshotMarks = async (
  db: CommonQueryMethods,
  symbol: string,
  since: Date,
): Promise<RateSnapshotMark[]> => {
  const rows = await db.any(sql.type(snapshotRow)`
    select published_at, holdings_as_of::text as holdings_as_of, source_provider from (
      select * from etf_snapshots where etf_symbol = ${symbol} and published_at >= ${since.toISOString()}
       order by published_at desc limit ${MARK_LIMIT}) newest
     order by published_at`);
  return rows.map((row) => ({
    publishedAt: row.published_at.toISOString(),
    asOf: row.holdings_as_of,
    provider: row.source_provider,
  }));
};

const alertRow = z.object({
  notification_id: z.string(),
  created_at: z.date(),
  reference_rate: z.string().nullable(),
  current_rate: z.string(),
});

/** The tracking's drift alerts (its notifications read model rows), oldest first. */
export const alertMarks = async (
  db: CommonQueryMethods,
  userId: string,
  trackingId: string,
): Promise<RateAlertMark[]> => {
  const rows = await db.any(sql.type(alertRow)`
    select notification_id, created_at, reference_rate::text as reference_rate, current_rate::text as current_rate
      from (select * from notifications where user_id = ${userId} and tracking_id = ${trackingId}
             order by created_at desc limit ${MARK_LIMIT}) newest
     order by created_at`);
  return rows.map((row) => ({
    id: row.notification_id,
    raisedAt: row.created_at.toISOString(),
    referenceRate: row.reference_rate,
    currentRate: row.current_rate,
  }));
};
