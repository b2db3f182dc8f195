import type { EventStore, Position } from '@etf-replicator/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadModels } from '../migrate-read-models';
import { createProjectionRunner, type ProjectionRunner } from '../runner/projection-runner';
import { createInMemoryEventStore, openPgliteTestDatabase, type TestDatabase } from '../testing';
import { auditLogProjector } from './projector';
import { queryAuditLog } from './queries';
import { redactSecrets } from './redact';

describe('audit log', () => {
  let test: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let last: Position;

  beforeAll(async () => {
    test = await openPgliteTestDatabase();
    await migrateReadModels(test.db);
    store = createInMemoryEventStore();
    const append = async (stream: string, type: string, data: object, actor: string) =>
      (last = (
        await store.appendToStream(
          stream,
          [{ type, data, metadata: { actorUserId: actor, correlationId: `c-${type}` } }],
          {
            expectedRevision: 'any',
          },
        )
      ).position);
    await append(
      'user-u1',
      'UserRegistered',
      { email: 'ann@example.com', passwordHash: 'argon2id$should-never-be-here' },
      'u1',
    );
    await append('tracking-t1', 'TrackingCreated', { userId: 'u1', symbol: 'VOO' }, 'u1');
    await append('tracking-t1', 'OrderExecuted', { symbol: 'AAPL', shares: '3' }, 'u1');
    await append('tracking-t2', 'TrackingCreated', { userId: 'u2', symbol: 'QQQ' }, 'u2');
    await append('etf-VOO', 'EtfSnapshotPublished', { symbol: 'VOO' }, 'system');
    runner = createProjectionRunner({ db: test.db, eventStore: store, projectors: [auditLogProjector] });
    await runner.start();
    expect(await runner.waitForPosition(last, { timeoutMs: 25_000 })).toBe(true);
  });
  afterAll(async () => {
    await runner.stop();
    await test.dispose();
  });

  it('records every event newest first with its actor, user and correlation id', async () => {
    const { entries } = await queryAuditLog(test.db.pool);
    expect(entries.map((e) => e.eventType)).toEqual([
      'EtfSnapshotPublished',
      'TrackingCreated',
      'OrderExecuted',
      'TrackingCreated',
      'UserRegistered',
    ]);
    expect(entries[2]).toMatchObject({
      streamId: 'tracking-t1',
      category: 'tracking',
      actorUserId: 'u1',
      correlationId: 'c-OrderExecuted',
    });
  });

  it('redacts anything that looks like a secret', async () => {
    const { entries } = await queryAuditLog(test.db.pool, { eventType: 'UserRegistered' });
    expect(entries[0]?.data).toEqual({ email: 'ann@example.com', passwordHash: '[redacted]' });
  });

  it('filters by user, category and type', async () => {
    expect((await queryAuditLog(test.db.pool, { userId: 'u1' })).entries).toHaveLength(3);
    expect((await queryAuditLog(test.db.pool, { category: 'tracking' })).entries).toHaveLength(3);
    expect(
      (await queryAuditLog(test.db.pool, { userId: 'u1', eventType: 'OrderExecuted' })).entries,
    ).toHaveLength(1);
    expect((await queryAuditLog(test.db.pool, { from: new Date(Date.now() + 60_000) })).entries).toEqual([]);
  });

  it('pages with a cursor without gaps or repeats', async () => {
    const first = await queryAuditLog(test.db.pool, { limit: 2 });
    const second = await queryAuditLog(test.db.pool, { limit: 2, before: first.nextCursor as number });
    const third = await queryAuditLog(test.db.pool, { limit: 2, before: second.nextCursor as number });
    const seqs = [...first.entries, ...second.entries, ...third.entries].map((e) => e.seq);
    expect(new Set(seqs).size).toBe(5);
    expect(third.nextCursor).toBeUndefined();
  });

  it('redaction keeps structure and booleans', () => {
    expect(
      redactSecrets({ list: [{ token: 'x' }], hasPassword: true, nested: { apiKey: 'k', ok: 1 } }),
    ).toEqual({
      list: [{ token: '[redacted]' }],
      hasPassword: true,
      nested: { apiKey: '[redacted]', ok: 1 },
    });
  });
});
