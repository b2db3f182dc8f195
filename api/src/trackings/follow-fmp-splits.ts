import type { TickerAliases } from '@etf-replicator/core';
import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { recordCorporateAction } from '../market-data/corporate-actions/record-corporate-action';
import type { FmpClient } from '../market-data/fmp/fmp-client';
import { fetchFmpSplits } from '../market-data/fmp/fmp-splits';
import { applyCorporateActionToTrackings } from './apply-corporate-action';

const heldSymbol = z.object({ symbol: z.string() });

/** How far back FMP's splits are read: a split older than every lot changes nothing (lots after it are not covered). */
const LOOKBACK_DAYS = 400;

/**
 * After an FMP refresh (issue 32 item 2): FMP's splits of every stock a live tracking holds, recorded as
 * CorporateActionRecorded (source FMP; one the bundle or an admin recorded already is not recorded again) and
 * applied to the trackings holding it. Returns how many trackings changed.
 */
export const followFmpSplits = async (
  app: Pick<FastifyInstance, 'db' | 'eventStore' | 'projections'>,
  client: FmpClient,
  aliases: TickerAliases,
  now: Date = new Date(),
): Promise<number> => {
  const rows = await app.db.pool.any(sql.type(heldSymbol)`
    select distinct jsonb_object_keys(state->'positions') as symbol from tracking_detail where not deleted`);
  const since = new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);
  let changed = 0;
  for (const { symbol } of rows) {
    for (const terms of await fetchFmpSplits(client, symbol, { aliases, since })) {
      const recorded = await recordCorporateAction(app.eventStore, terms, { source: 'FMP', now });
      changed += (await applyCorporateActionToTrackings(app, recorded.action)).length;
    }
  }
  return changed;
};
