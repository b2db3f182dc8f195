import { type PlanClaim, planSchema } from '@etf-replicator/core';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import type { TrackingSnapshot } from './derive-tracking-view';

const holdingJson = z.object({
  symbol: z.string(),
  weightPercentage: z.string(),
  price: z.string().nullable(),
  priceAsOf: z.string().nullish(),
});

export const readTrackingSnapshot = async (
  db: CommonQueryMethods,
  symbol: string,
): Promise<TrackingSnapshot | undefined> => {
  const row = await db.maybeOne(
    sql.type(
      z.object({
        symbol: z.string(),
        event_id: z.string(),
        as_of: z.string().nullable(),
        holdings: z.array(holdingJson),
      }),
    )`select symbol, event_id, as_of, holdings from tracking_etf_snapshots where symbol = ${symbol}`,
  );
  return row
    ? { symbol: row.symbol, eventId: row.event_id, asOf: row.as_of, holdings: row.holdings }
    : undefined;
};

export const saveTrackingSnapshot = async (
  db: CommonQueryMethods,
  snapshot: {
    symbol: string;
    eventId: string;
    asOf: string | null;
    holdings: readonly z.infer<typeof holdingJson>[];
  },
) => {
  await db.query(sql.unsafe`
    insert into tracking_etf_snapshots (symbol, event_id, as_of, holdings)
    values (${snapshot.symbol}, ${snapshot.eventId}, ${snapshot.asOf}, ${sql.jsonb(snapshot.holdings as never)})
    on conflict (symbol) do update set event_id = excluded.event_id, as_of = excluded.as_of, holdings = excluded.holdings`);
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
