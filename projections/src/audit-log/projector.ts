import { type RecordedEvent, streamCategory } from '@etf-replicator/core';
import { sql } from 'slonik';
import { stripNul } from '../db/strip-nul';
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
 * `audit_log`: every event, secrets redacted, with its actor and the user it concerns. Replays are no-ops. NUL
 * characters are stripped (PostgreSQL cannot store them).
 */
export const auditLogProjector: Projector = {
  name: 'audit_log',
  eventTypes: 'all',
  tables: ['audit_log'],
  handle: async (tx, recorded) => {
    const event = stripNul(recorded);
    await tx.query(sql.unsafe`
      insert into audit_log (event_id, log_position, stream_id, category, stream_revision, event_type, user_id,
                             actor_user_id, correlation_id, data, metadata, recorded_at)
      values (${event.id}, ${event.globalPosition}, ${event.streamId}, ${streamCategory(event.streamId)},
              ${event.streamRevision}, ${event.type}, ${subjectUserOf(event)},
              ${stringField(event.metadata, 'actorUserId')}, ${stringField(event.metadata, 'correlationId')},
              ${sql.jsonb(redactSecrets(event.data) as never)}, ${sql.jsonb(redactSecrets(event.metadata) as never)},
              ${event.recordedAt.toISOString()})
      on conflict (event_id) do nothing`);
  },
};
