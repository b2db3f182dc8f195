import type { EventFilter, Position, RecordedEvent } from '@etf-replicator/core';
import { type CommonQueryMethods, sql } from 'slonik';
import { eventColumns, eventRow, toRecorded } from './event-rows';
import { parsePgPosition } from './position';

/**
 * Every committed event after `after` on this connection, in log order, with no snapshot bound: a rebuild holding
 * an inline projection's write lock reads what inline appends committed (see rebuildProjection).
 */
export const readCommittedTail = async (
  db: CommonQueryMethods,
  after: Position | undefined,
  filter: EventFilter | undefined,
): Promise<RecordedEvent[]> => {
  const from = after ? parsePgPosition(after) : { tx: 0n, gp: 0n };
  const types = filter?.eventTypes?.length ? sql.array([...filter.eventTypes], 'text') : null;
  const categories = filter?.categories?.length ? sql.array([...filter.categories], 'text') : null;
  const rows = await db.any(sql.type(eventRow)`
    select 'event' as kind, ${eventColumns} from es_events e
     where (e.transaction_id, e.global_position) > (${from.tx.toString()}::xid8, ${from.gp.toString()}::bigint)
       and (${types}::text[] is null or e.event_type = any(${types}::text[]))
       and (${categories}::text[] is null or e.category = any(${categories}::text[]))
     order by e.transaction_id, e.global_position`);
  return rows.map(toRecorded);
};
