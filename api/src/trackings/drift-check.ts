import {
  type CheckDrift,
  dec,
  decide,
  type Position,
  type RecordedEvent,
  trackingStreamId,
  ZERO,
} from '@etf-replicator/core';

import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { getLatestSnapshot } from '@etf-replicator/projections/market-data/latest-snapshot';
import { trackingStateAt } from '@etf-replicator/projections/trackings/replay-tracking';
import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { handleCommand } from '../commands/handle-command';
import { nameBasedUuid } from '../market-data/content-hash';
import type { MailedView } from './drift-mail';
import { snapshotsInForce } from './snapshots-in-force';
import { trackingCache } from './tracking-loader';
import { trackingFolder } from './tracking-streams';

type Measured = Pick<TrackingDetail, 'replicationRate' | 'currentReplication'>;
type DriftInfrastructure = Pick<FastifyInstance, 'db' | 'eventStore'>;

const measure = (view: Measured) => ({
  rate: view.replicationRate,
  balance: {
    invested: view.currentReplication.investments
      .reduce((sum, line) => sum.add(dec(line.amountInvested)), ZERO)
      .toFixed(),
    leftover: view.currentReplication.leftoverAmount,
    target: view.currentReplication.targetInvestmentAmount,
  },
});

/** Orders and reverts move the positions: the rate right after the last of them is what drift is measured from. */
const MOVES_POSITIONS = new Set(['OrderExecuted', 'ActionReverted']);

const liveTrackings = z.object({ tracking_id: z.string(), view: z.unknown() });

export type DriftCheckOutcome = {
  readonly trackingId: string;
  readonly events: readonly string[];
  readonly position?: Position;
};

/**
 * The drift check after a new snapshot of `symbol` (issue 20), once the trackings read model re-derived with it:
 * for each live tracking of the ETF, measures its view now and right after its last order (replayed from the log
 * with the snapshot of that moment) and runs CheckDrift as the system. Core decides; the event id derives from the
 * tracking and the snapshot event, so running it twice for one snapshot appends nothing more.
 */
export type DriftAlertNotice = {
  /** The DriftAlertRaised event's id (the notification's id too). */
  readonly alertId: string;
  readonly trackingId: string;
  readonly userId: string;
  readonly etfSymbol: string;
  readonly referenceRate: string | null;
  readonly currentRate: string;
};

export const checkDriftForSymbol = async (
  app: DriftInfrastructure,
  symbol: string,
  {
    onAlert,
  }: {
    /** Called once per alert this run appended (the e-mail); a failure is the caller's to log, never the check's. */
    onAlert?: (alert: DriftAlertNotice, view: MailedView) => Promise<void>;
  } = {},
): Promise<DriftCheckOutcome[]> => {
  const snapshot = await getLatestSnapshot(app.db.pool, symbol);
  if (!snapshot) return [];
  const rows = await app.db.pool.any(sql.type(liveTrackings)`
    select tracking_id, view from tracking_detail where symbol = ${snapshot.symbol} and not deleted
     order by tracking_id`);
  const outcomes: DriftCheckOutcome[] = [];
  // Each tracking measures its reference with the snapshot in force at its last order: only those are read.
  const snapshots = await snapshotsInForce(
    { pool: app.db.pool, eventStore: app.eventStore },
    snapshot.symbol,
  );
  for (const row of rows) {
    const view = row.view as Measured;
    const reference = await referenceMeasure(app, row.tracking_id, snapshots.at);
    const current = measure(view);
    const data: CheckDrift['data'] = {
      snapshotEventId: snapshot.eventId,
      currentRate: current.rate,
      currentBalance: current.balance,
      targetAmount: current.balance.target,
      reference,
    };
    const eventId = nameBasedUuid('drift-check', row.tracking_id, snapshot.eventId);
    const result = await handleCommand(
      app.eventStore,
      trackingStreamId(row.tracking_id),
      trackingFolder,
      (state) =>
        state.status === 'Active'
          ? decide({ type: 'CheckDrift', data, metadata: { now: new Date(), eventId } }, state)
          : [],
      { actorUserId: null, correlationId: snapshot.eventId },
      { cache: trackingCache(app.eventStore) },
    );
    for (const event of result.appended) {
      if (event.type !== 'DriftAlertRaised' || !onAlert) continue;
      const raised = event.data as Omit<DriftAlertNotice, 'trackingId' | 'alertId'>;
      await onAlert(
        {
          alertId: event.id,
          trackingId: row.tracking_id,
          userId: raised.userId,
          etfSymbol: raised.etfSymbol,
          referenceRate: raised.referenceRate,
          currentRate: raised.currentRate,
        },
        row.view as MailedView,
      );
    }
    outcomes.push({
      trackingId: row.tracking_id,
      events: result.appended.map((event) => event.type),
      ...(result.position ? { position: result.position } : {}),
    });
  }
  return outcomes;
};

/** The tracking right after its last order or revert, valued with that moment's snapshot: one engine run. */
const referenceMeasure = async (
  app: DriftInfrastructure,
  trackingId: string,
  snapshotsAt: (position: Position) => Promise<readonly RecordedEvent[]>,
) => {
  const trackingEvents: readonly RecordedEvent[] = await app.eventStore.readStream(
    trackingStreamId(trackingId),
  );
  const last = trackingEvents.findLast((event) => MOVES_POSITIONS.has(event.type));
  if (!last) return null;
  const step = await trackingStateAt(
    app.eventStore,
    trackingId,
    { position: last.globalPosition },
    { trackingEvents, etfEvents: await snapshotsAt(last.globalPosition) },
  );
  return step ? measure(step.view) : null;
};
