import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

/**
 * Reads of the investor's portfolio (issue 29), from the trackings read model (written inline with every command,
 * so the portfolio is read-your-writes exactly when the tracking detail is).
 */

const versionRow = z.object({ tracking_id: z.string(), version: z.string() });

/**
 * What the investor's portfolio is built from, as one string: every tracking's stream revision, the time its view
 * was last written (a command, a snapshot's re-derivation) and whether it was deleted. Deleted trackings stay in:
 * their sales and lots still count in the investor's tax ledger. One small query over the user's rows.
 */
export const getPortfolioSourcesVersion = async (db: CommonQueryMethods, userId: string): Promise<string> =>
  (
    await db.any(sql.type(versionRow)`
      select tracking_id,
             stream_revision || '.' || (extract(epoch from updated_at) * 1000000)::bigint
               || case when deleted then 'd' else '' end as version
        from tracking_detail where user_id = ${userId} order by created_at, tracking_id`)
  )
    .map((row) => `${row.tracking_id}:${row.version}`)
    .join(',');

const viewRow = z.object({
  tracking_id: z.string(),
  symbol: z.string(),
  created_at: z.date(),
  stream_revision: z.number(),
  updated_at: z.date(),
  view: z.record(z.string(), z.unknown()),
});

export type PortfolioTrackingView = {
  readonly trackingId: string;
  readonly symbol: string;
  readonly createdAt: string;
  readonly revision: number;
  /** `${revision}.${written at ms}`: the stored view's version, as the tracking detail's record names it. */
  readonly version: string;
  readonly detail: Omit<TrackingDetail, 'updatedAt'>;
};

/** The investor's live trackings with their stored detail views, oldest first. */
export const getPortfolioTrackingViews = async (
  db: CommonQueryMethods,
  userId: string,
): Promise<PortfolioTrackingView[]> =>
  (
    await db.any(sql.type(viewRow)`
      select tracking_id, symbol, created_at, stream_revision, updated_at, view from tracking_detail
       where user_id = ${userId} and not deleted order by created_at, tracking_id`)
  ).map((row) => ({
    trackingId: row.tracking_id,
    symbol: row.symbol,
    createdAt: row.created_at.toISOString(),
    revision: row.stream_revision,
    version: `${row.stream_revision}.${row.updated_at.getTime()}`,
    detail: row.view as Omit<TrackingDetail, 'updatedAt'>,
  }));

const infoRow = z.object({ symbol: z.string(), name: z.string(), sector: z.string().nullable() });

/** Name and sector of each stock, from the latest snapshots of the given ETFs (the first ETF listing it wins). */
export const getStockInfo = async (
  db: CommonQueryMethods,
  etfs: readonly string[],
  symbols: readonly string[],
): Promise<Map<string, { name: string | null; sector: string | null }>> => {
  if (etfs.length === 0 || symbols.length === 0) return new Map();
  const rows = await db.any(sql.type(infoRow)`
    select distinct on (symbol) symbol, name, sector from etf_holdings
     where etf_symbol = any(${sql.array([...new Set(etfs)], 'text')})
       and symbol = any(${sql.array([...new Set(symbols)], 'text')})
     order by symbol, sector is null, etf_symbol`);
  return new Map(rows.map((row) => [row.symbol, { name: row.name, sector: row.sector }]));
};
