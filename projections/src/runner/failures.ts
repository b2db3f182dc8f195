import type { Position, RecordedEvent } from '@etf-replicator/core';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

/** One parked event of one projector (table `projection_failures`). */
export type ParkedEvent = {
  readonly projector: string;
  readonly eventId: string;
  readonly position: Position;
  readonly streamId: string;
  readonly eventType: string;
  readonly error: string;
  /** True when the event itself did not fail: it waits behind an earlier parked event of its stream. */
  readonly held: boolean;
  readonly attempts: number;
  readonly firstSeen: Date;
  readonly lastSeen: Date;
};

const parkedRow = z.object({
  projector: z.string(),
  event_id: z.string(),
  position: z.string(),
  stream_id: z.string(),
  event_type: z.string(),
  error: z.string(),
  held: z.boolean(),
  attempts: z.number(),
  first_seen: z.date(),
  last_seen: z.date(),
});

const toParked = (row: z.infer<typeof parkedRow>): ParkedEvent => ({
  projector: row.projector,
  eventId: row.event_id,
  position: row.position as Position,
  streamId: row.stream_id,
  eventType: row.event_type,
  error: row.error,
  held: row.held,
  attempts: row.attempts,
  firstSeen: row.first_seen,
  lastSeen: row.last_seen,
});

/** Error texts are stored as given, without NUL (PostgreSQL text cannot hold it) and bounded. */
const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replaceAll('\u0000', '').slice(0, 2000);

export const HELD_REASON = 'Held: an earlier event of the same stream is parked for this projector.';

/** Parks an event (or records one more failed try of an already parked one). */
export const parkEvent = async (
  db: CommonQueryMethods,
  projector: string,
  event: RecordedEvent,
  failure: { error: unknown } | 'held',
) => {
  const held = failure === 'held';
  const error = held ? HELD_REASON : errorText(failure.error);
  await db.query(sql.unsafe`
    insert into projection_failures (projector, event_id, position, stream_id, event_type, error, held)
    values (${projector}, ${event.id}, ${event.globalPosition}, ${event.streamId}, ${event.type}, ${error}, ${held})
    on conflict (projector, event_id) do update set error = excluded.error, held = excluded.held,
      attempts = projection_failures.attempts + 1, last_seen = now()`);
};

export const listParkedEvents = async (
  db: CommonQueryMethods,
  filter: { projector?: string; streamId?: string } = {},
): Promise<ParkedEvent[]> => {
  const conditions = [
    ...(filter.projector ? [sql.fragment`projector = ${filter.projector}`] : []),
    ...(filter.streamId ? [sql.fragment`stream_id = ${filter.streamId}`] : []),
  ];
  const where =
    conditions.length > 0 ? sql.fragment`where ${sql.join(conditions, sql.fragment` and `)}` : sql.fragment``;
  const rows = await db.any(sql.type(parkedRow)`
    select projector, event_id, position, stream_id, event_type, error, held, attempts, first_seen, last_seen
    from projection_failures ${where} order by first_seen, projector, event_id`);
  return rows.map(toParked);
};

export const countParkedEvents = async (db: CommonQueryMethods): Promise<Map<string, number>> =>
  new Map(
    (
      await db.any(sql.type(z.object({ projector: z.string(), parked: z.number() }))`
        select projector, count(*)::int as parked from projection_failures group by projector`)
    ).map((row) => [row.projector, row.parked]),
  );

export const unparkEvent = async (db: CommonQueryMethods, projector: string, eventId: string) => {
  await db.query(
    sql.unsafe`delete from projection_failures where projector = ${projector} and event_id = ${eventId}`,
  );
};

export const recordRetryFailure = async (
  db: CommonQueryMethods,
  projector: string,
  eventId: string,
  error: unknown,
) => {
  await db.query(sql.unsafe`
    update projection_failures set error = ${errorText(error)}, held = false, attempts = attempts + 1, last_seen = now()
    where projector = ${projector} and event_id = ${eventId}`);
};
