import { type PlanClaim, planSchema } from '@etf-replicator/core';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import type { TrackingSnapshot } from './derive-tracking-view';

const holdingJson = z.object({
  symbol: z.string(),
  weightPercentage: z.string(),
  price: z.string().nullable(),
  priceAsOf: z.string().nullish(),
  /** Issue 17 (exclusions by sector); absent in rows stored before it (the projector's rebuild adds it). */
  sector: z.string().nullish(),
});

/*
 * Row schemas are built once, here: zod 4 builds (and on first use compiles) a schema at a cost of tens of
 * microseconds, which a schema written inside a query function paid on every command.
 */
const snapshotRow = z.object({
  symbol: z.string(),
  event_id: z.string(),
  as_of: z.string().nullable(),
  name: z.string().nullable(),
  holdings: z.array(holdingJson),
});
export const snapshotHeadRow = z.object({
  symbol: z.string(),
  event_id: z.string(),
  as_of: z.string().nullable(),
  name: z.string().nullable(),
});
export const userPlanRow = z.object({ user_id: z.string(), plan: z.string().nullable() });

export const readTrackingSnapshot = async (
  db: CommonQueryMethods,
  symbol: string,
): Promise<TrackingSnapshot | undefined> => {
  const row = await db.maybeOne(
    sql.type(
      snapshotRow,
    )`select symbol, event_id, as_of, name, holdings from tracking_etf_snapshots where symbol = ${symbol}`,
  );
  return row
    ? { symbol: row.symbol, eventId: row.event_id, asOf: row.as_of, name: row.name, holdings: row.holdings }
    : undefined;
};

/**
 * Parsed holdings by snapshot event id: a snapshot never changes once published, so every command on a tracking of
 * the same ETF reads only the tiny (symbol, event id) row and reuses the parsed holdings.
 */
const holdingsByEvent = new Map<string, TrackingSnapshot['holdings']>();
const HOLDINGS_CACHE_SIZE = 200;

/**
 * The latest snapshot of each ETF from its head row (symbol, event id; read with the other inputs of a derivation,
 * tracking-rows.ts): holdings from the cache, else read once.
 */
export const snapshotsFromHeads = async (
  db: CommonQueryMethods,
  heads: readonly z.infer<typeof snapshotHeadRow>[],
): Promise<Map<string, TrackingSnapshot>> => {
  const result = new Map<string, TrackingSnapshot>();
  for (const head of heads) {
    let holdings = holdingsByEvent.get(head.event_id);
    if (!holdings) {
      const full = await readTrackingSnapshot(db, head.symbol);
      if (!full) continue;
      holdings = full.holdings;
      if (full.eventId === head.event_id) {
        if (holdingsByEvent.size >= HOLDINGS_CACHE_SIZE)
          holdingsByEvent.delete(holdingsByEvent.keys().next().value as string);
        holdingsByEvent.set(head.event_id, holdings);
      }
    }
    result.set(head.symbol, {
      symbol: head.symbol,
      eventId: head.event_id,
      asOf: head.as_of,
      name: head.name,
      holdings,
    });
  }
  return result;
};

/** Each user's plan from their tracking_user_plans row (a plan this code does not know reads as none). */
export const plansFromRows = (rows: readonly z.infer<typeof userPlanRow>[]): Map<string, PlanClaim> => {
  const result = new Map<string, PlanClaim>();
  for (const row of rows) {
    const parsed = planSchema.safeParse(row.plan);
    result.set(row.user_id, parsed.success ? parsed.data : null);
  }
  return result;
};

export const saveTrackingSnapshot = async (
  db: CommonQueryMethods,
  snapshot: {
    symbol: string;
    eventId: string;
    asOf: string | null;
    name: string;
    holdings: readonly z.infer<typeof holdingJson>[];
  },
) => {
  await db.query(sql.unsafe`
    insert into tracking_etf_snapshots (symbol, event_id, as_of, name, holdings)
    values (${snapshot.symbol}, ${snapshot.eventId}, ${snapshot.asOf}, ${snapshot.name},
            ${sql.jsonb(snapshot.holdings as never)})
    on conflict (symbol) do update set event_id = excluded.event_id, as_of = excluded.as_of, name = excluded.name,
      holdings = excluded.holdings`);
};

export const readUserPlan = async (db: CommonQueryMethods, userId: string): Promise<PlanClaim> => {
  const plan = await db.maybeOneFirst(
    sql.type(
      z.object({ plan: z.string().nullable() }),
    )`select plan from tracking_user_plans where user_id = ${userId}`,
  );
  const parsed = planSchema.safeParse(plan);
  return parsed.success ? parsed.data : null;
};

export const saveUserPlan = async (db: CommonQueryMethods, userId: string, plan: string | null) => {
  await db.query(sql.unsafe`
    insert into tracking_user_plans (user_id, plan) values (${userId}, ${plan})
    on conflict (user_id) do update set plan = excluded.plan`);
};

/** Every ETF with a snapshot: what a custom list is priced from (issue 30). */
export const snapshotSymbols = async (db: CommonQueryMethods): Promise<readonly string[]> =>
  db.anyFirst(
    sql.type(z.object({ symbol: z.string() }))`select symbol from tracking_etf_snapshots order by symbol`,
  );
