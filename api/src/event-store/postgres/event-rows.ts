import type { RecordedEvent } from '@etf-replicator/core';
import { sql } from 'slonik';
import { z } from 'zod';
import { formatPgPosition } from './position';

/** How events come back from es_events: the row schema, the columns to select, and the row as a RecordedEvent. */
export const eventRow = z.object({
  kind: z.enum(['event', 'head']),
  event_id: z.string().nullable(),
  event_type: z.string().nullable(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  stream_id: z.string().nullable(),
  stream_position: z.number().nullable(),
  tx: z.string(),
  global_position: z.number(),
  created_at: z.date().nullable(),
});
export type EventRow = z.infer<typeof eventRow>;

export const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id as string,
  type: row.event_type as string,
  data: row.data,
  metadata: row.metadata ?? {},
  streamId: row.stream_id as string,
  streamRevision: row.stream_position as number,
  globalPosition: formatPgPosition(row.tx, row.global_position),
  recordedAt: row.created_at as Date,
});

export const eventColumns = sql.fragment`e.event_id::text, e.event_type, e.data, e.metadata, e.stream_id, e.stream_position,
  e.transaction_id::text as tx, e.global_position, e.created_at`;
