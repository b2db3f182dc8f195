import {
  type ActiveTracking,
  evolve,
  initialState,
  type PlanClaim,
  parseTrackingEvent,
  type RecordedEvent,
  type TrackingEvent,
  trackingEventSchemas,
} from '@etf-replicator/core';
import {
  ETF_SNAPSHOT_PUBLISHED,
  etfSnapshotPublishedSchema,
} from '@etf-replicator/core/market-data/snapshot-event';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import { z } from 'zod';
import type { Projector } from '../runner/projector';
import { deriveTrackingView, type TrackingSnapshot } from './derive-tracking-view';
import { readTrackingSnapshot, readUserPlan, saveTrackingSnapshot, saveUserPlan } from './sources';
import { decodeTrackingState, encodeTrackingState } from './tracking-state-codec';

export const TRACKINGS_PROJECTION = 'trackings';
const USER_PLAN_CHANGED = 'UserPlanChanged';
const trackingEventTypes = Object.keys(trackingEventSchemas);

type Folded = ReturnType<typeof decodeTrackingState>;
/** A tracking touched by the batch: its folded state, to be derived and written once at the end. */
type Pending = { state: Folded; revision: number; buyOnlyActionId: string | null; at: Date };

const storedRow = z.object({
  tracking_id: z.string(),
  stream_revision: z.number(),
  state: z.unknown(),
  buy_only_action_id: z.string().nullable(),
  updated_at: z.date(),
});

/** Which buy-only raise the target honours after this event (a later target change or its revert ends it). */
const nextBuyOnly = (current: string | null, event: TrackingEvent): string | null => {
  if (event.type === 'TargetRaised') return event.data.buyOnly ? event.id : null;
  if (event.type === 'TargetLowered') return null;
  if (event.type === 'ActionReverted' && event.data.actionId === current) return null;
  return current;
};

const parse = (recorded: RecordedEvent): TrackingEvent | undefined => {
  try {
    const parsed = parseTrackingEvent(
      recorded.type,
      recorded.data,
      recorded.metadata.schemaVersion as number | undefined,
    );
    return { id: recorded.id, ...parsed } as TrackingEvent;
  } catch {
    return undefined; // a recorded event that breaks its schema is skipped, never fatal for the projection
  }
};

const loadStored = async (tx: DatabaseTransactionConnection, where: ReturnType<typeof sql.fragment>) =>
  (
    await tx.any(sql.type(storedRow)`
      select tracking_id, stream_revision, state, buy_only_action_id, updated_at from tracking_detail where ${where}
      order by tracking_id for update`)
  ).map(
    (row): Pending => ({
      state: decodeTrackingState(row.state),
      revision: row.stream_revision,
      buyOnlyActionId: row.buy_only_action_id,
      at: row.updated_at,
    }),
  );

/**
 * One batch: fold every event into the trackings it touches (core's own `evolve`), remember new snapshots and
 * plans, and only then derive and write each touched tracking once, with the latest snapshot of its ETF and its
 * owner's latest plan. The result equals applying the events one by one (the view depends only on those three).
 */
const applyBatch = async (tx: DatabaseTransactionConnection, events: readonly RecordedEvent[]) => {
  const pending = new Map<string, Pending>();
  const snapshots = new Map<string, TrackingSnapshot | undefined>();
  const plans = new Map<string, PlanClaim>();
  const touch = (rows: Pending[], at: Date) => {
    for (const row of rows) {
      if (row.state.status === 'Deleted') continue;
      const known = pending.get(row.state.trackingId);
      pending.set(row.state.trackingId, { ...(known ?? row), at });
    }
  };

  for (const event of events) {
    if (event.type === ETF_SNAPSHOT_PUBLISHED) {
      const parsed = etfSnapshotPublishedSchema.safeParse(event.data);
      if (!parsed.success) continue;
      const { symbol, holdings, asOf } = parsed.data;
      const snapshot = {
        symbol,
        eventId: event.id,
        asOf: asOf.holdings,
        holdings: holdings.map((h) => ({
          symbol: h.symbol,
          weightPercentage: h.weightPercentage,
          price: h.price,
          priceAsOf: h.priceAsOf,
        })),
      };
      await saveTrackingSnapshot(tx, { ...snapshot, eventId: event.id });
      snapshots.set(symbol, snapshot);
      touch(await loadStored(tx, sql.fragment`symbol = ${symbol} and not deleted`), event.recordedAt);
    } else if (event.type === USER_PLAN_CHANGED) {
      const userId = event.streamId.slice('user-'.length);
      const plan = (event.data as { plan?: unknown }).plan;
      await saveUserPlan(tx, userId, typeof plan === 'string' ? plan : null);
      plans.delete(userId);
      touch(await loadStored(tx, sql.fragment`user_id = ${userId} and not deleted`), event.recordedAt);
    } else if (event.streamId.startsWith('tracking-')) {
      const trackingId = event.streamId.slice('tracking-'.length);
      const current =
        pending.get(trackingId) ?? (await loadStored(tx, sql.fragment`tracking_id = ${trackingId}`))[0];
      if (current && current.revision >= event.streamRevision) continue; // already applied (idempotent replay)
      const parsed = parse(event);
      if (!parsed) continue;
      const next = evolve(current?.state ?? initialState(), parsed);
      if (next.status === 'Empty') continue;
      pending.set(trackingId, {
        state: next,
        revision: event.streamRevision,
        buyOnlyActionId: nextBuyOnly(current?.buyOnlyActionId ?? null, parsed),
        at: event.recordedAt,
      });
    }
  }

  for (const tracking of pending.values()) {
    const { symbol, userId } = tracking.state;
    if (!snapshots.has(symbol)) snapshots.set(symbol, await readTrackingSnapshot(tx, symbol));
    if (!plans.has(userId)) plans.set(userId, await readUserPlan(tx, userId));
    await writeTracking(tx, tracking, snapshots.get(symbol), plans.get(userId) ?? null);
  }
};

const writeTracking = async (
  tx: DatabaseTransactionConnection,
  { state, revision, buyOnlyActionId, at }: Pending,
  snapshot: TrackingSnapshot | undefined,
  plan: PlanClaim,
) => {
  const deleted = state.status === 'Deleted';
  const active: ActiveTracking = { ...state, status: 'Active' };
  const view = deriveTrackingView(active, snapshot, plan, { buyOnly: buyOnlyActionId !== null });
  await tx.query(sql.unsafe`
    insert into tracking_detail (tracking_id, user_id, symbol, stream_revision, state, buy_only_action_id, view, deleted,
                                 created_at, updated_at)
    values (${state.trackingId}, ${state.userId}, ${state.symbol}, ${revision},
            ${sql.jsonb(encodeTrackingState(state) as never)}, ${buyOnlyActionId}, ${sql.jsonb(view as never)}, ${deleted},
            ${state.createdAt}, ${at.toISOString()})
    on conflict (tracking_id) do update set stream_revision = excluded.stream_revision, state = excluded.state,
      buy_only_action_id = excluded.buy_only_action_id, view = excluded.view, deleted = excluded.deleted,
      updated_at = excluded.updated_at`);
  if (deleted) {
    await tx.query(sql.unsafe`delete from trackings_summary where tracking_id = ${state.trackingId}`);
    return;
  }
  await tx.query(sql.unsafe`
    insert into trackings_summary (tracking_id, user_id, symbol, amount_invested, leftover_amount, replication_rate, created_at)
    values (${state.trackingId}, ${state.userId}, ${state.symbol}, ${view.currentReplication.targetInvestmentAmount},
            ${view.currentReplication.leftoverAmount}, ${view.replicationRate}, ${state.createdAt})
    on conflict (tracking_id) do update set amount_invested = excluded.amount_invested,
      leftover_amount = excluded.leftover_amount, replication_rate = excluded.replication_rate`);
};

/**
 * `tracking_detail` and `trackings_summary`: each tracking folded with core's own `evolve`, and what the detail
 * screen shows derived from it with the engine, the ETF's latest snapshot and the owner's plan. A new snapshot or a
 * plan change recomputes the affected trackings (targets follow prices; auto-tracking follows market value).
 */
export const trackingsProjector: Projector = {
  name: TRACKINGS_PROJECTION,
  eventTypes: [...trackingEventTypes, ETF_SNAPSHOT_PUBLISHED, USER_PLAN_CHANGED],
  tables: ['tracking_detail', 'trackings_summary', 'tracking_etf_snapshots', 'tracking_user_plans'],
  handle: (tx, event) => applyBatch(tx, [event]),
  handleBatch: applyBatch,
};
