import {
  evolve,
  initialState,
  type PlanClaim,
  type RecordedEvent,
  type TrackingEvent,
  toTrackingEvent,
  trackingEventSchemas,
} from '@etf-replicator/core';
import {
  ETF_SNAPSHOT_PUBLISHED,
  etfSnapshotPublishedSchema,
} from '@etf-replicator/core/market-data/snapshot-event';
import { LotBook } from '@etf-replicator/core/tracking/lot-book';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import { afterCommit, collectingCommitHooks } from '../runner/commit-hooks';
import type { Projector } from '../runner/projector';
import { readAlongOf } from '../runner/read-along';
import { committedRowBefore, rememberCommittedRow } from './committed-rows';
import { derivationInputsAlong } from './derivation-inputs';
import type { TrackingSnapshot } from './derive-tracking-view';
import { carriedRow, carryWrittenRows, withRebuildCarry } from './rebuild-carry';
import { queueRecompute, recomputeStaleTrackings } from './recompute-stale';
import { saveTrackingSnapshot, saveUserPlan } from './sources';
import { deriveAndWrite, loadStored, type Pending } from './tracking-rows';
import { stateRow, type TrackingStateRow } from './tracking-states';

export const TRACKINGS_PROJECTION = 'trackings';
const USER_PLAN_CHANGED = 'UserPlanChanged';
const trackingEventTypes = Object.keys(trackingEventSchemas);

const parse = (recorded: RecordedEvent): TrackingEvent | undefined => {
  try {
    return toTrackingEvent(recorded);
  } catch {
    return undefined; // a recorded event that breaks its schema is skipped, never fatal for the projection
  }
};

/** Events that change what other trackings derive from (the snapshots and plans it stores) or read them all back. */
const changesInputs = (events: readonly RecordedEvent[]) =>
  events.some((event) => event.type === ETF_SNAPSHOT_PUBLISHED || event.type === USER_PLAN_CHANGED);

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
  const states: TrackingStateRow[] = [];
  const snapshots = new Map<string, TrackingSnapshot | undefined>();
  const plans = new Map<string, PlanClaim>();
  const touch = (rows: Pending[], at: Date) => {
    for (const row of rows) {
      if (row.state.status === 'Deleted') continue;
      const known = pending.get(row.state.trackingId);
      pending.set(row.state.trackingId, { ...(known ?? row), at });
    }
  };

  // Every tracking the page's own events touch, read (and locked) at once; inline, the row this process committed
  // right before the first event needs no reading (committed-rows.ts), in a pipelined rebuild the row a page wrote
  // (rebuild-carry.ts: the page before may not have committed it yet).
  const inline = collectingCommitHooks();
  const firstRevisions = new Map<string, number>();
  for (const event of events)
    if (event.streamId.startsWith('tracking-') && !firstRevisions.has(trackingIdOf(event)))
      firstRevisions.set(trackingIdOf(event), event.streamRevision);
  const stored = new Map<string, Pending>();
  const toLoad: string[] = [];
  for (const [trackingId, firstRevision] of firstRevisions) {
    const row =
      carriedRow(trackingId) ?? (inline ? committedRowBefore(trackingId, firstRevision) : undefined);
    if (row) stored.set(trackingId, row);
    else toLoad.push(trackingId);
  }
  if (toLoad.length > 0) {
    for (const row of await loadStored(tx, sql.fragment`tracking_id = any(${sql.array(toLoad, 'text')})`))
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
          sector: h.sector,
        })),
      };
      await saveTrackingSnapshot(tx, { ...snapshot, eventId: event.id });
      snapshots.set(symbol, snapshot);
      // Every tracking of the ETF needs deriving again: queued, and done in small transactions by `settle`.
      await queueRecompute(tx, { symbol, snapshotEventId: event.id, recordedAt: event.recordedAt });
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
      pending.set(trackingId, {
        state: next,
        revision: event.streamRevision,
        at: event.recordedAt,
        eventId: event.id,
        storedLots: current?.storedLots ?? LotBook.empty(),
      });
      states.push(stateRow(next, event, current?.state.positions));
    }
  }
  const written = [...pending.values()];
  // What the append's statement read along is older than this page's own snapshot and plan writes: a page with
  // either reads its inputs after them, as before.
  const along = changesInputs(events) ? undefined : readAlongOf(tx, TRACKINGS_PROJECTION);
  await deriveAndWrite(tx, written, { snapshots, plans, states, along });
  carryWrittenRows(written);
  if (inline)
    afterCommit(() => {
      for (const row of written)
        rememberCommittedRow(row.state.trackingId, { ...row, storedLots: row.state.lots });
    });
};

/**
 * `tracking_detail` and `trackings_summary`: each tracking folded with core's own `evolve`, and what the detail
 * screen shows derived from it with the engine, the ETF's latest snapshot and the owner's plan. A new snapshot or a
 * plan change recomputes the affected trackings (targets follow prices; auto-tracking follows market value): a plan
 * change at once (a user's few trackings), a snapshot through `settle` (an ETF's trackings can be thousands).
 */
export const trackingsProjector: Projector = {
  name: TRACKINGS_PROJECTION,
  // 2: the stored state carries its codec version (tracking-state-codec.ts); 3: tracking_states; 4: lots and the lot
  // method (issue 19); 5: the drift alert setting too (issue 20, codec 4); 6: exclusions (issue 17) and harvest
  // substitutions (issue 19), both in codec 5, the snapshot's sectors and the exclusions view; 7: the substitutions
  // in tracking_states and the cash fields of the view (issue 32); 8: lots say whether their cost and date are known
  // (issue 26, codec 6); 9: no windows of the owner's other trackings in the stored view (held back when served,
  // on the day read: issue 27 item 5); 10: open lots in tracking_lots rows (issue 28, codec 7); 11: the tracking's
  // index (issue 30, codec 8); 12: the view names its blend or list, and its industry exclusions and unclassified
  // weight (issue 30, codec 9); 13: tracking_states rows hold what their event changed in the positions, all of
  // them only every 64 revisions (issue 28). Rebuilt at start-up.
  version: 13,
  inline: true,
  eventTypes: [...trackingEventTypes, ETF_SNAPSHOT_PUBLISHED, USER_PLAN_CHANGED],
  tables: [
    'tracking_detail',
    'trackings_summary',
    'tracking_etf_snapshots',
    'tracking_user_plans',
    'tracking_recompute_queue',
    'tracking_states',
    'tracking_lots',
  ],
  readAlong: derivationInputsAlong,
  handle: (tx, event) => applyBatch(tx, [event]),
  handleBatch: applyBatch,
  settle: { after: [ETF_SNAPSHOT_PUBLISHED], run: (transaction) => recomputeStaleTrackings(transaction) },
  // A page of orders folds while the page before it is written; a page with a snapshot or a plan change writes
  // inputs the next page reads (and reads trackings by owner), so it and the page after it wait for the commit.
  pipelinedRebuild: {
    scope: withRebuildCarry,
    overlaps: (previous, page) => !changesInputs(previous) && !changesInputs(page),
  },
};
