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
import { derivedViews } from './derived-views';
import { readTrackingSnapshots, readUserPlans, saveTrackingSnapshot, saveUserPlan } from './sources';
import { decodeTrackingState, encodeTrackingState } from './tracking-state-codec';

export const TRACKINGS_PROJECTION = 'trackings';
const USER_PLAN_CHANGED = 'UserPlanChanged';
const trackingEventTypes = Object.keys(trackingEventSchemas);

type Folded = ReturnType<typeof decodeTrackingState>;
/** A tracking touched by the batch: its folded state, to be derived and written once at the end. */
type Pending = { state: Folded; revision: number; at: Date };

const storedRow = z.object({
  tracking_id: z.string(),
  stream_revision: z.number(),
  state: z.unknown(),
  buy_only_action_id: z.string().nullable(),
  updated_at: z.date(),
});

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
      state: decodeTrackingState(row.state, row.buy_only_action_id),
      revision: row.stream_revision,
      at: row.updated_at,
    }),
  );

const trackingIdOf = (event: RecordedEvent) => event.streamId.slice('tracking-'.length);

/**
 * One batch: fold every event into the trackings it touches (core's own `evolve`), remember new snapshots and
 * plans, and only then derive and write each touched tracking once, with the latest snapshot of its ETF and its
 * owner's latest plan. The result equals applying the events one by one (the view depends only on those three).
 * The same code runs inline (in the append's transaction, a few events) and in rebuilds (pages of a thousand):
 * stored rows are read in one query and written in one statement either way.
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

  // Every tracking the page's own events touch, read (and locked) at once.
  const trackingIds = [
    ...new Set(events.filter((e) => e.streamId.startsWith('tracking-')).map(trackingIdOf)),
  ];
  const stored = new Map<string, Pending>();
  if (trackingIds.length > 0) {
    for (const row of await loadStored(
      tx,
      sql.fragment`tracking_id = any(${sql.array(trackingIds, 'text')})`,
    ))
      stored.set(row.state.trackingId, row);
  }

  for (const event of events) {
    if (event.type === ETF_SNAPSHOT_PUBLISHED) {
      const parsed = etfSnapshotPublishedSchema.safeParse(event.data);
      if (!parsed.success) continue;
      const { symbol, holdings, asOf, fund } = parsed.data;
      const snapshot = {
        symbol,
        eventId: event.id,
        asOf: asOf.holdings,
        name: fund.name,
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
      const trackingId = trackingIdOf(event);
      const current = pending.get(trackingId) ?? stored.get(trackingId);
      if (current && current.revision >= event.streamRevision) continue; // already applied (idempotent replay)
      const parsed = parse(event);
      if (!parsed) continue;
      const next = evolve(current?.state ?? initialState(), parsed);
      if (next.status === 'Empty') continue;
      pending.set(trackingId, { state: next, revision: event.streamRevision, at: event.recordedAt });
    }
  }
  if (pending.size === 0) return;

  const missingSymbols = [...new Set([...pending.values()].map((p) => p.state.symbol))].filter(
    (symbol) => !snapshots.has(symbol),
  );
  for (const [symbol, snapshot] of await readTrackingSnapshots(tx, missingSymbols))
    snapshots.set(symbol, snapshot);
  const missingUsers = [...new Set([...pending.values()].map((p) => p.state.userId))].filter(
    (userId) => !plans.has(userId),
  );
  for (const [userId, plan] of await readUserPlans(tx, missingUsers)) plans.set(userId, plan);

  const rows = [...pending.values()].map((tracking) =>
    rowOf(tracking, snapshots.get(tracking.state.symbol), plans.get(tracking.state.userId) ?? null),
  );
  await writeTrackings(tx, rows);
  const seen = derivedViews.getStore();
  if (seen) {
    for (const row of rows) {
      seen.set(row.trackingId, {
        userId: row.userId,
        symbol: row.symbol,
        deleted: row.deleted,
        revision: row.revision,
        updatedAt: row.updatedAt,
        view: row.derived,
      });
    }
  }
};

type Row = ReturnType<typeof rowOf>;

const rowOf = ({ state, revision, at }: Pending, snapshot: TrackingSnapshot | undefined, plan: PlanClaim) => {
  const active: ActiveTracking = { ...state, status: 'Active' };
  const view = deriveTrackingView(active, snapshot, plan, { buyOnly: state.buyOnlyActionId !== null });
  return {
    trackingId: state.trackingId,
    userId: state.userId,
    symbol: state.symbol,
    revision,
    state: JSON.stringify(encodeTrackingState(state, { withHistory: false })),
    buyOnlyActionId: state.buyOnlyActionId,
    view: JSON.stringify(view),
    derived: view,
    deleted: state.status === 'Deleted',
    createdAt: state.createdAt,
    updatedAt: at.toISOString(),
    etfName: snapshot?.name ?? null,
    amount: view.currentReplication.targetInvestmentAmount,
    leftover: view.currentReplication.leftoverAmount,
    rate: view.replicationRate,
  };
};

/** Writes tracking_detail and trackings_summary for every derived tracking in one statement. */
const writeTrackings = async (tx: DatabaseTransactionConnection, rows: readonly Row[]) => {
  const column = <K extends keyof Row>(key: K) => rows.map((row) => row[key]);
  await tx.query(sql.unsafe`
    with r as (
      select * from unnest(
        ${sql.array(column('trackingId'), 'text')}, ${sql.array(column('userId'), 'text')},
        ${sql.array(column('symbol'), 'text')}, ${sql.array(column('revision'), 'int8')},
        ${sql.array(column('state'), 'jsonb')}, ${sql.array(column('buyOnlyActionId') as string[], 'text')},
        ${sql.array(column('view'), 'jsonb')}, ${sql.array(column('deleted'), 'bool')},
        ${sql.array(column('createdAt'), 'timestamptz')}, ${sql.array(column('updatedAt'), 'timestamptz')},
        ${sql.array(column('amount'), 'numeric')}, ${sql.array(column('leftover'), 'numeric')},
        ${sql.array(column('rate'), 'numeric')}, ${sql.array(column('etfName') as string[], 'text')}
      ) as r(tracking_id, user_id, symbol, stream_revision, state, buy_only_action_id, view, deleted, created_at,
             updated_at, amount_invested, leftover_amount, replication_rate, etf_name)),
    detail as (
      insert into tracking_detail (tracking_id, user_id, symbol, stream_revision, state, buy_only_action_id, view,
                                   deleted, created_at, updated_at)
      select tracking_id, user_id, symbol, stream_revision, state, buy_only_action_id, view, deleted, created_at,
             updated_at from r
      on conflict (tracking_id) do update set stream_revision = excluded.stream_revision, state = excluded.state,
        buy_only_action_id = excluded.buy_only_action_id, view = excluded.view, deleted = excluded.deleted,
        updated_at = excluded.updated_at),
    gone as (
      delete from trackings_summary s using r where s.tracking_id = r.tracking_id and r.deleted)
    insert into trackings_summary (tracking_id, user_id, symbol, amount_invested, leftover_amount, replication_rate,
                                   created_at, etf_name)
    select tracking_id, user_id, symbol, amount_invested, leftover_amount, replication_rate, created_at, etf_name
      from r where not deleted
    on conflict (tracking_id) do update set amount_invested = excluded.amount_invested,
      leftover_amount = excluded.leftover_amount, replication_rate = excluded.replication_rate,
      etf_name = coalesce(excluded.etf_name, trackings_summary.etf_name)`);
};

/**
 * `tracking_detail` and `trackings_summary`: each tracking folded with core's own `evolve`, and what the detail
 * screen shows derived from it with the engine, the ETF's latest snapshot and the owner's plan. A new snapshot or a
 * plan change recomputes the affected trackings (targets follow prices; auto-tracking follows market value).
 */
export const trackingsProjector: Projector = {
  name: TRACKINGS_PROJECTION,
  inline: true,
  eventTypes: [...trackingEventTypes, ETF_SNAPSHOT_PUBLISHED, USER_PLAN_CHANGED],
  tables: ['tracking_detail', 'trackings_summary', 'tracking_etf_snapshots', 'tracking_user_plans'],
  handle: (tx, event) => applyBatch(tx, [event]),
  handleBatch: applyBatch,
};
