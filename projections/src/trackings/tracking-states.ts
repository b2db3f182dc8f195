import { exclusionLists, hasExclusions, type RecordedEvent, type Tracking } from '@etf-replicator/core';
import type Decimal from 'decimal.js';
import { type CommonQueryMethods, type DatabaseTransactionConnection, sql } from 'slonik';
import { z } from 'zod';

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
  readonly positions: Readonly<Record<string, string>>;
  /** `{symbols, sectors}` excluded after the event (issue 17); null when none. */
  readonly exclusions: ReturnType<typeof exclusionLists> | null;
  /** The harvest substitutions after the event (issue 32); null when none. */
  readonly substitutions: Exclude<Tracking, { status: 'Empty' }>['substitutions'] | null;
};

/**
 * Decimals are immutable and a fold keeps the ones an event does not change (the target, the other positions):
 * their text is computed once per value, not once per event and position (a rebuild writes a row per event).
 */
const fixedText = new WeakMap<Decimal, string>();
const fixed = (value: Decimal): string => {
  let text = fixedText.get(value);
  if (text === undefined) {
    text = value.toFixed();
    fixedText.set(value, text);
  }
  return text;
};

const positionsOf = (positions: ReadonlyMap<string, Decimal>): Record<string, string> => {
  const held: Record<string, string> = Object.create(null); // a symbol is data, never a prototype key
  for (const [symbol, shares] of positions) if (!shares.isZero()) held[symbol] = fixed(shares);
  return held;
};

export const stateRow = (
  state: Exclude<Tracking, { status: 'Empty' }>,
  event: RecordedEvent,
): TrackingStateRow => ({
  trackingId: state.trackingId,
  revision: event.streamRevision,
  occurredAt: event.recordedAt.toISOString(),
  eventType: event.type,
  targetAmount: fixed(state.targetAmount),
  cash: fixed(state.cash),
  autoTracking: state.settings.autoTracking,
  numberOfWeightings: state.settings.numberOfWeightings,
  positions: positionsOf(state.positions),
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
                                 auto_tracking, number_of_weightings, positions, exclusions, substitutions)
    select * from json_to_recordset(${JSON.stringify(rows)}::json)
               as r("trackingId" text, revision int8, "occurredAt" timestamptz, "eventType" text,
                    "targetAmount" numeric, cash numeric, "autoTracking" bool, "numberOfWeightings" int4,
                    positions jsonb, exclusions jsonb, substitutions jsonb)
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
  positions: z.record(z.string(), z.string()),
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
export type StoredTrackingState = z.infer<typeof storedState>;

/** The tracking's states, oldest first: the latest `limit` of them. */
export const readTrackingStates = async (
  db: CommonQueryMethods,
  trackingId: string,
  limit: number,
): Promise<readonly StoredTrackingState[]> =>
  (
    await db.any(sql.type(storedState)`
      select stream_revision, occurred_at, event_type, target_amount::text, cash::text, auto_tracking,
             number_of_weightings, positions, exclusions, substitutions
        from tracking_states where tracking_id = ${trackingId}
       order by stream_revision desc limit ${limit}`)
  ).toReversed();
