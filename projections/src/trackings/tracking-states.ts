import { exclusionLists, hasExclusions, type RecordedEvent, type Tracking } from '@etf-replicator/core';
import type Decimal from 'decimal.js';
import { type CommonQueryMethods, type DatabaseTransactionConnection, sql } from 'slonik';
import { z } from 'zod';
import { fixed, foldPositions, type Positions, positionColumns } from './state-positions';

/** The tracking right after one of its events: what its rate history measures (tracking_states). */
export type TrackingStateRow = {
  readonly trackingId: string;
  readonly revision: number;
  readonly occurredAt: string;
  readonly eventType: string;
  readonly targetAmount: string;
  readonly cash: string;
  readonly autoTracking: boolean;
  readonly numberOfWeightings: number;
  /** All the positions on a checkpoint row, else null (state-positions.ts). */
  readonly positions: Positions | null;
  /** What the event changed in the positions ("0": closed) when the row is not a checkpoint, else null. */
  readonly positionChanges: Positions | null;
  /** `{symbols, sectors}` excluded after the event (issue 17); null when none. */
  readonly exclusions: ReturnType<typeof exclusionLists> | null;
  /** The harvest substitutions after the event (issue 32); null when none. */
  readonly substitutions: Exclude<Tracking, { status: 'Empty' }>['substitutions'] | null;
};

type Folded = Exclude<Tracking, { status: 'Empty' }>;

/** The row of `state`, right after `event`, after the tracking's row whose positions were `previous` (if any). */
export const stateRow = (
  state: Folded,
  event: RecordedEvent,
  previous: ReadonlyMap<string, Decimal> | undefined,
): TrackingStateRow => ({
  trackingId: state.trackingId,
  revision: event.streamRevision,
  occurredAt: event.recordedAt.toISOString(),
  eventType: event.type,
  targetAmount: fixed(state.targetAmount),
  cash: fixed(state.cash),
  autoTracking: state.settings.autoTracking,
  numberOfWeightings: state.settings.numberOfWeightings,
  ...positionColumns(event.streamRevision, state.positions, previous),
  exclusions: hasExclusions(state.exclusions) ? exclusionLists(state.exclusions) : null,
  substitutions: state.substitutions.length > 0 ? state.substitutions : null,
});

/**
 * The insert of a page's states as a fragment, so that the trackings' write can carry it in its own statement
 * (issue 28 item 1); a replayed event (same tracking and revision) is a no-op. The rows travel as ONE json
 * parameter: a rebuild page's thousand rows cost a JSON.stringify instead of pg escaping eleven arrays element by
 * element (with the JSON columns stringified and escaped twice).
 */
export const insertTrackingStates = (rows: readonly TrackingStateRow[]) => {
  return sql.fragment`
    insert into tracking_states (tracking_id, stream_revision, occurred_at, event_type, target_amount, cash,
                                 auto_tracking, number_of_weightings, positions, position_changes, exclusions,
                                 substitutions)
    select * from json_to_recordset(${JSON.stringify(rows)}::json)
               as r("trackingId" text, revision int8, "occurredAt" timestamptz, "eventType" text,
                    "targetAmount" numeric, cash numeric, "autoTracking" bool, "numberOfWeightings" int4,
                    positions jsonb, "positionChanges" jsonb, exclusions jsonb, substitutions jsonb)
    on conflict (tracking_id, stream_revision) do nothing`;
};

/** One statement for the page (when no tracking row is written with it). */
export const writeTrackingStates = async (
  tx: DatabaseTransactionConnection,
  rows: readonly TrackingStateRow[],
): Promise<void> => {
  if (rows.length === 0) return;
  await tx.query(sql.unsafe`${insertTrackingStates(rows)}`);
};

const storedState = z.object({
  stream_revision: z.number(),
  occurred_at: z.date(),
  event_type: z.string(),
  target_amount: z.string(),
  cash: z.string(),
  auto_tracking: z.boolean(),
  number_of_weightings: z.number(),
  positions: z.record(z.string(), z.string()).nullable(),
  position_changes: z.record(z.string(), z.string()).nullable(),
  /** `industries`: issue 30 (absent in rows of states without them). */
  exclusions: z
    .object({
      symbols: z.array(z.string()),
      sectors: z.array(z.string()),
      industries: z.array(z.string()).optional(),
    })
    .nullable(),
  substitutions: z
    .array(
      z.object({
        harvestId: z.string(),
        symbol: z.string(),
        replacement: z.string(),
        harvestedAt: z.string(),
        kept: z.boolean(),
      }),
    )
    .nullable(),
});
export type StoredTrackingState = Omit<z.infer<typeof storedState>, 'positions' | 'position_changes'> & {
  readonly positions: Positions;
};

/**
 * The tracking's states, oldest first: the latest `limit` of them, each with all its positions (read from the
 * checkpoint before the first of them and folded forward).
 */
export const readTrackingStates = async (
  db: CommonQueryMethods,
  trackingId: string,
  limit: number,
): Promise<readonly StoredTrackingState[]> => {
  const rows = await db.any(sql.type(storedState)`
    with shown as (
      select stream_revision from tracking_states where tracking_id = ${trackingId}
       order by stream_revision desc limit ${limit}),
    checkpoint as (
      select max(stream_revision) as revision from tracking_states
       where tracking_id = ${trackingId} and positions is not null
         and stream_revision <= (select min(stream_revision) from shown))
    select stream_revision, occurred_at, event_type, target_amount::text, cash::text, auto_tracking,
           number_of_weightings, positions, position_changes, exclusions, substitutions
      from tracking_states
     where tracking_id = ${trackingId} and stream_revision >= coalesce((select revision from checkpoint), 0)
     order by stream_revision`);
  const folded = foldPositions(
    rows.map(({ position_changes, ...row }) => ({ ...row, positionChanges: position_changes })),
  );
  return folded.slice(Math.max(0, folded.length - limit));
};
