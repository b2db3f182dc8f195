import { decide, type Position, trackingStreamId } from '@etf-replicator/core';
import type { CorporateActionRecorded } from '@etf-replicator/core/market-data/corporate-action-event';
import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { handleCommand } from '../commands/handle-command';
import { nameBasedUuid } from '../market-data/content-hash';
import { listCorporateActions } from '../market-data/corporate-actions/record-corporate-action';
import { trackingFolder } from './tracking-streams';

type Infrastructure = Pick<FastifyInstance, 'db' | 'eventStore' | 'projections'>;

const liveTracking = z.object({ tracking_id: z.string() });

/** How long to wait for the read models to show the applied actions. */
const CATCH_UP_MS = 120_000;

/**
 * A recorded corporate action into every live tracking (issue 32 item 2): each one folds its stream and, when it
 * holds lots of the symbol acquired on or before the effective date, appends CorporateActionApplied as the system.
 * The event id derives from the tracking and the action: running it again appends nothing. Waits until the read
 * models show them; returns the trackings that changed.
 */
export const applyCorporateActionToTrackings = async (
  app: Infrastructure,
  action: CorporateActionRecorded,
  { timeoutMs = CATCH_UP_MS }: { timeoutMs?: number } = {},
): Promise<string[]> => {
  const rows = await app.db.pool.any(sql.type(liveTracking)`
    select tracking_id from tracking_detail where not deleted order by tracking_id`);
  const changed: string[] = [];
  let last: Position | undefined;
  for (const { tracking_id: trackingId } of rows) {
    const eventId = nameBasedUuid('corporate-action-applied', trackingId, action.actionId);
    const result = await handleCommand(
      app.eventStore,
      trackingStreamId(trackingId),
      trackingFolder,
      (state) =>
        decide(
          {
            type: 'ApplyCorporateAction',
            data: {
              actionId: action.actionId,
              type: action.type,
              symbol: action.symbol,
              toSymbol: action.toSymbol,
              ratio: action.ratio,
              basisFraction: action.basisFraction,
              effectiveOn: action.effectiveOn,
            },
            metadata: { now: new Date(), eventId },
          },
          state,
        ),
      { actorUserId: null, correlationId: action.actionId },
    );
    if (result.appended.length > 0) changed.push(trackingId);
    if (result.position) last = result.position;
  }
  if (last) await app.projections.waitForPosition(last, { timeoutMs });
  return changed;
};

/**
 * Start-up: the bundled actions this start recorded (recordedAt on or after `since`) into the trackings of that
 * moment. Actions recorded before are not applied to trackings created since: their lots came after the action was
 * known (a broker file lists shares as they are now), as the rule "applied when recorded" says.
 */
export const applyCorporateActionsRecordedSince = async (
  app: Infrastructure,
  since: Date,
): Promise<number> => {
  let changed = 0;
  for (const action of await listCorporateActions(app.eventStore)) {
    if (Date.parse(action.recordedAt) < since.getTime()) continue;
    changed += (await applyCorporateActionToTrackings(app, action)).length;
  }
  return changed;
};
