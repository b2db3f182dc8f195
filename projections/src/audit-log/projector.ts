import { type RecordedEvent, streamCategory } from '@etf-replicator/core';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import { stripNul } from '../db/strip-nul';
import { deferWrite } from '../runner/deferred-writes';
import type { Projector } from '../runner/projector';
import { redactSecrets } from './redact';

const stringField = (source: unknown, key: string): string | null => {
  const value = (source as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : null;
};

/** Whose history an event belongs to: the user named in its data, the user stream it is on, or its actor. */
export const subjectUserOf = (event: RecordedEvent): string | null =>
  stringField(event.data, 'userId') ??
  (streamCategory(event.streamId) === 'user' ? event.streamId.slice('user-'.length) : null) ??
  stringField(event.metadata, 'actorUserId');

/**
 * The page's rows in one multi-row insert, in log order (audit_seq follows it). It only inserts and reads nothing
 * back, so it may be deferred: in the runner it joins the checkpoint write in one statement (deferred-writes.ts).
 */
const applyBatch = async (tx: DatabaseTransactionConnection, recorded: readonly RecordedEvent[]) => {
  if (recorded.length === 0) return;
  const events = recorded.map(stripNul);
  const column = <T>(value: (event: RecordedEvent) => T) => events.map(value);
  const json = (value: unknown) => JSON.stringify(redactSecrets(value) ?? null);
  await deferWrite(tx, {
    ctes: [],
    statement: sql.fragment`
      insert into audit_log (event_id, log_position, stream_id, category, stream_revision, event_type, user_id,
                             actor_user_id, correlation_id, data, metadata, recorded_at)
      select event_id, log_position, stream_id, category, stream_revision, event_type, user_id, actor_user_id,
             correlation_id, data, metadata, recorded_at
        from unnest(
          ${sql.array(
            column((event) => event.id),
            'uuid',
          )}, ${sql.array(
            column((event) => event.globalPosition),
            'text',
          )},
          ${sql.array(
            column((event) => event.streamId),
            'text',
          )}, ${sql.array(
            column((event) => streamCategory(event.streamId)),
            'text',
          )},
          ${sql.array(
            column((event) => event.streamRevision),
            'int8',
          )}, ${sql.array(
            column((event) => event.type),
            'text',
          )},
          ${sql.array(column(subjectUserOf) as string[], 'text')},
          ${sql.array(column((event) => stringField(event.metadata, 'actorUserId')) as string[], 'text')},
          ${sql.array(column((event) => stringField(event.metadata, 'correlationId')) as string[], 'text')},
          ${sql.array(
            column((event) => json(event.data)),
            'jsonb',
          )}, ${sql.array(
            column((event) => json(event.metadata)),
            'jsonb',
          )},
          ${sql.array(
            column((event) => event.recordedAt.toISOString()),
            'timestamptz',
          )}
        ) with ordinality as r(event_id, log_position, stream_id, category, stream_revision, event_type, user_id,
                               actor_user_id, correlation_id, data, metadata, recorded_at, ord)
       order by ord
      on conflict (event_id) do nothing`,
  });
};

/**
 * `audit_log`: every event, secrets redacted, with its actor and the user it concerns. Replays are no-ops. NUL
 * characters are stripped (PostgreSQL cannot store them).
 */
export const auditLogProjector: Projector = {
  name: 'audit_log',
  eventTypes: 'all',
  tables: ['audit_log'],
  handle: (tx, recorded) => applyBatch(tx, [recorded]),
  handleBatch: applyBatch,
};
