import { commandKeyOf } from '@etf-replicator/api/commands/command-scope';
import {
  type EventStore,
  evolveTrackingQuota,
  initialTrackingQuota,
  type Position,
  parseTrackingQuotaEvent,
  type RecordedEvent,
  streamCategory,
} from '@etf-replicator/core';
import type { Database } from '@etf-replicator/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Client, CommandKind, SentCommand } from './clients';

const EFFECT: Readonly<Record<CommandKind, string>> = {
  create: 'TrackingCreated',
  order: 'OrderExecuted',
  delete: 'TrackingDeleted',
};
const EFFECT_TYPES = new Set(Object.values(EFFECT));

const claimRow = z.object({ user_id: z.string(), key: z.string(), first_used_at: z.string() });

const readTrackingEvents = async (eventStore: EventStore): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  let after: Position | undefined;
  for (;;) {
    const page = await eventStore.readAll({
      maxCount: 1000,
      filter: { categories: ['tracking', 'trackingquota'] },
      ...(after ? { after } : {}),
    });
    events.push(...page.events);
    if (page.events.length === 0 || !page.position) return events;
    after = page.position;
  }
};

export type LogFacts = { readonly events: number; readonly reconciled: number };

/**
 * What the log must say after the kills: every command with an answer is in it exactly once (its effect event
 * tagged with its key, none for a refusal), no step of any request was appended twice, and every user's slots are
 * exactly their live trackings. Returns the violations, one line each.
 */
export const checkLog = async (
  { db, eventStore }: { db: Database; eventStore: EventStore },
  clients: readonly Client[],
): Promise<{ violations: string[]; facts: LogFacts }> => {
  const violations: string[] = [];
  const events = await readTrackingEvents(eventStore);
  const byKey = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const key = event.metadata.commandKey;
    if (typeof key === 'string') byKey.set(key, [...(byKey.get(key) ?? []), event]);
    else if (EFFECT_TYPES.has(event.type))
      violations.push(`${event.type} ${event.id} carries no command key`);
  }
  for (const [key, tagged] of byKey) {
    const steps = tagged.map((event) => event.metadata.commandStep);
    if (new Set(steps).size !== steps.length)
      violations.push(`request ${key} appended a step twice: ${steps}`);
  }

  // The same tag the server derived: user, key and the key's first use (idempotency.ts).
  const claims = await db.pool.any(sql.type(claimRow)`
    select user_id, key, (extract(epoch from created_at) * 1000000)::bigint::text as first_used_at
      from idempotency_keys`);
  const tagOf = new Map(
    claims.map((row) => [
      `${row.user_id}\n${row.key}`,
      commandKeyOf({ userId: row.user_id, key: row.key, firstUsedAt: row.first_used_at }),
    ]),
  );
  const check = (command: SentCommand) => {
    const label = `${command.kind} ${command.key} (${command.final?.status ?? 'abandoned'})`;
    const tag = tagOf.get(`${command.userId}\n${command.key}`);
    const effects = (tag ? (byKey.get(tag) ?? []) : []).filter((event) => EFFECT_TYPES.has(event.type));
    if (command.abandoned) {
      if (effects.length > 1) violations.push(`${label}: ${effects.length} effects`);
      return;
    }
    if (!command.final) return violations.push(`${label}: never resolved`);
    if (!tag) return violations.push(`${label}: its answer was not kept`);
    const expected = command.final.status < 300 ? 1 : 0;
    const right = effects.filter((event) => event.type === EFFECT[command.kind]);
    if (effects.length !== expected || right.length !== expected)
      violations.push(`${label}: ${effects.map((event) => event.type).join(', ') || 'nothing'} in the log`);
    const [effect] = right;
    if (command.kind === 'create' && effect) {
      const { trackingId } = JSON.parse(command.final.body) as { trackingId: string };
      if (effect.streamId !== `tracking-${trackingId}`) violations.push(`${label}: answered ${trackingId}`);
    }
  };
  for (const client of clients) for (const command of client.commands) check(command);

  // Slots: each user's held slots are exactly their live trackings.
  const live = new Map<string, Set<string>>();
  const quotas = new Map<string, ReturnType<typeof initialTrackingQuota>>();
  let reconciled = 0;
  for (const event of events) {
    if (streamCategory(event.streamId) === 'trackingquota') {
      const userId = event.streamId.slice('trackingquota-'.length);
      const parsed = parseTrackingQuotaEvent(event.type, event.data, event.metadata.schemaVersion);
      if (parsed.data.reason) reconciled++;
      quotas.set(userId, evolveTrackingQuota(quotas.get(userId) ?? initialTrackingQuota(), parsed));
    } else if (event.type === 'TrackingCreated') {
      const { userId, trackingId } = event.data as { userId: string; trackingId: string };
      live.set(userId, (live.get(userId) ?? new Set()).add(trackingId));
    } else if (event.type === 'TrackingDeleted') {
      for (const set of live.values()) set.delete(event.streamId.slice('tracking-'.length));
    }
  }
  for (const client of clients) {
    const held = [...(quotas.get(client.userId)?.active ?? [])].sort();
    const trackings = [...(live.get(client.userId) ?? [])].sort();
    if (held.join() !== trackings.join())
      violations.push(`${client.role} ${client.userId}: slots [${held}] but live trackings [${trackings}]`);
    if (client.role !== 'trader' && trackings.length > 1)
      violations.push(`${client.role} ${client.userId}: ${trackings.length} trackings on the Free plan`);
  }
  return { violations, facts: { events: events.length, reconciled } };
};
