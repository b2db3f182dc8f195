import type { ActiveTracking, PlanClaim } from '@etf-replicator/core';
import type { ReadonlyList } from '@etf-replicator/core/shared/readonly-list';
import type { Lot } from '@etf-replicator/core/tracking/lots';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import { z } from 'zod';
import { deferWrite } from '../runner/deferred-writes';
import { completeDerivationInputs } from './derivation-inputs';
import { deriveTrackingView, type TrackingSnapshot } from './derive-tracking-view';
import { derivedViews } from './derived-views';
import { indexSnapshotId, snapshotForTracking, snapshotsNeeded } from './index-snapshot';
import { snapshotSymbols } from './sources';
import { lotChanges, rememberState, statesOf } from './tracking-lots';
import { type decodeTrackingState, encodeTrackingState } from './tracking-state-codec';
import { insertTrackingStates, type TrackingStateRow, writeTrackingStates } from './tracking-states';

type Folded = ReturnType<typeof decodeTrackingState>;
/**
 * A tracking to derive and write: its folded state, stream revision, the time its change was recorded, the last
 * event folded in, and the open lots its tracking_lots rows hold now (what the write changes them from).
 */
export type Pending = {
  state: Folded;
  revision: number;
  at: Date;
  eventId: string | null;
  storedLots: ReadonlyList<Lot>;
};

const storedRow = z.object({
  tracking_id: z.string(),
  stream_revision: z.number(),
  state: z.unknown(),
  updated_at: z.date(),
});

/** The stored trackings matching `where`, locked for the rest of the transaction. */
export const loadStored = async (
  tx: DatabaseTransactionConnection,
  where: ReturnType<typeof sql.fragment>,
  { limit, skipLocked = false }: { limit?: number; skipLocked?: boolean } = {},
): Promise<Pending[]> => {
  const rows = await tx.any(sql.type(storedRow)`
      select tracking_id, stream_revision, state, updated_at from tracking_detail where ${where}
      order by tracking_id ${limit === undefined ? sql.fragment`` : sql.fragment`limit ${limit}`}
      for update ${skipLocked ? sql.fragment`skip locked` : sql.fragment``}`);
  const states = await statesOf(tx, rows);
  return rows.map((row) => {
    const state = states.get(row.tracking_id) as Folded;
    return {
      state,
      revision: row.stream_revision,
      at: row.updated_at,
      eventId: lastEventId(row.state),
      storedLots: state.lots,
    };
  });
};

// Built once: a zod schema costs more to build than to run (it was rebuilt for every stored row read).
const lastEventOf = z.object({ lastEventId: z.string().nullable() });
const lastEventId = (json: unknown): string | null => lastEventOf.parse(json).lastEventId;

type Row = ReturnType<typeof rowOf>;

const rowOf = (
  { state, revision, at, eventId, storedLots }: Pending,
  snapshot: TrackingSnapshot | undefined,
  plan: PlanClaim,
  indexSnapshot: string | null,
) => {
  const active: ActiveTracking = { ...state, status: 'Active' };
  // Only what the tracking's own events determine (and its snapshot and plan): the investor's wash-sale windows
  // from other trackings hold buys back when the detail is served (api/src/tax/served-detail.ts), on the day read.
  const view = deriveTrackingView(active, snapshot, plan, { buyOnly: state.buyOnlyActionId !== null });
  return {
    trackingId: state.trackingId,
    userId: state.userId,
    symbol: state.symbol,
    revision,
    state: encodeTrackingState(state, { withHistory: false, withLots: false, lastEventId: eventId }),
    lots: lotChanges(storedLots, state.lots),
    buyOnlyActionId: state.buyOnlyActionId,
    snapshotEventId: indexSnapshot ?? snapshot?.eventId ?? null,
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

/** A row as the columns of jsonb_to_recordset below name them. */
const columnsOf = (row: Row) => ({
  tracking_id: row.trackingId,
  user_id: row.userId,
  symbol: row.symbol,
  stream_revision: row.revision,
  state: row.state,
  buy_only_action_id: row.buyOnlyActionId,
  snapshot_event_id: row.snapshotEventId,
  view: row.derived,
  deleted: row.deleted,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  amount_invested: row.amount,
  leftover_amount: row.leftover,
  replication_rate: row.rate,
  etf_name: row.etfName,
});

/**
 * Writes tracking_detail, trackings_summary, tracking_lots and (when given) the page's tracking_states for every
 * derived tracking in one statement.
 */
const writeTrackings = async (
  tx: DatabaseTransactionConnection,
  rows: readonly Row[],
  states: readonly TrackingStateRow[],
) => {
  const put = rows.flatMap((row) =>
    row.lots.put.map(([lotId, lot]) => ({ tracking_id: row.trackingId, lot_id: lotId, lot })),
  );
  const gone = rows.flatMap((row) =>
    row.lots.gone.map((lotId) => ({ tracking_id: row.trackingId, lot_id: lotId })),
  );
  // Each list goes as ONE json document (issue 28): as arrays of json text, node-postgres escaped every quote of
  // every state and view (a few kilobytes each) and PostgreSQL unescaped them again before parsing the json.
  const rowsCte = sql.fragment`
    select * from jsonb_to_recordset(${JSON.stringify(rows.map(columnsOf))}::jsonb)
      as r(tracking_id text, user_id text, symbol text, stream_revision int8, state jsonb, buy_only_action_id text,
           snapshot_event_id text, view jsonb, deleted bool, created_at timestamptz, updated_at timestamptz,
           amount_invested numeric, leftover_amount numeric, replication_rate numeric, etf_name text)`;
  // One statement; inside an inline append it joins the other projectors' writes (deferred-writes.ts).
  await deferWrite(tx, {
    ctes: [
      ['trackings_rows', rowsCte],
      [
        'trackings_detail',
        sql.fragment`
          insert into tracking_detail (tracking_id, user_id, symbol, stream_revision, state, buy_only_action_id,
                                       snapshot_event_id, view, deleted, created_at, updated_at)
          select tracking_id, user_id, symbol, stream_revision, state, buy_only_action_id, snapshot_event_id, view,
                 deleted, created_at, updated_at from trackings_rows
          on conflict (tracking_id) do update set stream_revision = excluded.stream_revision,
            state = excluded.state, buy_only_action_id = excluded.buy_only_action_id,
            snapshot_event_id = excluded.snapshot_event_id, view = excluded.view, deleted = excluded.deleted,
            updated_at = excluded.updated_at`,
      ],
      [
        'trackings_gone',
        sql.fragment`
          delete from trackings_summary s using trackings_rows r
           where s.tracking_id = r.tracking_id and r.deleted`,
      ],
      [
        'trackings_lots_gone',
        sql.fragment`
          delete from tracking_lots l
           using jsonb_to_recordset(${JSON.stringify(gone)}::jsonb) as g(tracking_id text, lot_id text)
           where l.tracking_id = g.tracking_id and l.lot_id = g.lot_id`,
      ],
      [
        'trackings_lots_put',
        sql.fragment`
          insert into tracking_lots (tracking_id, lot_id, lot)
          select * from jsonb_to_recordset(${JSON.stringify(put)}::jsonb)
            as p(tracking_id text, lot_id text, lot jsonb)
          on conflict (tracking_id, lot_id) do update set lot = excluded.lot`,
      ],
      ...(states.length > 0 ? [['trackings_states', insertTrackingStates(states)] as const] : []),
    ],
    statement: sql.fragment`
      insert into trackings_summary (tracking_id, user_id, symbol, amount_invested, leftover_amount,
                                     replication_rate, created_at, etf_name)
      select tracking_id, user_id, symbol, amount_invested, leftover_amount, replication_rate, created_at, etf_name
        from trackings_rows where not deleted
      on conflict (tracking_id) do update set amount_invested = excluded.amount_invested,
        leftover_amount = excluded.leftover_amount, replication_rate = excluded.replication_rate,
        etf_name = coalesce(excluded.etf_name, trackings_summary.etf_name)`,
  });
};

/**
 * Derives each pending tracking with its ETF's latest snapshot and its owner's plan (those the caller already has,
 * else read along the append or once for all: derivation-inputs.ts) and writes them in one statement. A command's inline application also hands the views
 * to the command (derivedViews), so its answer needs no read-back.
 */
export const deriveAndWrite = async (
  tx: DatabaseTransactionConnection,
  pending: readonly Pending[],
  known: {
    snapshots?: Map<string, TrackingSnapshot | undefined>;
    plans?: Map<string, PlanClaim>;
    /** The page's tracking_states rows, written in the same statement. */
    states?: readonly TrackingStateRow[];
    /** What the append's statement read along for them (derivation-inputs.ts), if anything. */
    along?: unknown;
  } = {},
): Promise<void> => {
  if (pending.length === 0) return writeTrackingStates(tx, known.states ?? []);
  const snapshots = new Map(known.snapshots);
  const plans = new Map(known.plans);
  const needed = pending.map((p) => snapshotsNeeded(p.state));
  const wanted = needed.includes('all')
    ? await snapshotSymbols(tx)
    : needed.flatMap((symbols) => (symbols === 'all' ? [] : symbols));
  const users = pending.map((p) => p.state.userId);
  await completeDerivationInputs(tx, { symbols: wanted, users }, snapshots, plans, known.along);

  const rows = pending.map((tracking) =>
    rowOf(
      tracking,
      snapshotForTracking(tracking.state, snapshots),
      plans.get(tracking.state.userId) ?? null,
      indexSnapshotId(tracking.state, snapshots),
    ),
  );
  await writeTrackings(tx, rows, known.states ?? []);
  for (const tracking of pending) rememberState(tracking.state.trackingId, tracking.eventId, tracking.state);
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
