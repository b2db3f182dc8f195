import { randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLogProjector } from '../audit-log/projector';
import { feedbackProjector } from '../feedback/projector';
import { migrateReadModels } from '../migrate-read-models';
import { createProjectionRunner, type ProjectionRunner } from '../runner/projection-runner';
import {
  createInMemoryEventStore,
  isServerAvailable,
  openPgliteTestDatabase,
  openServerTestDatabase,
  type TestDatabase,
} from '../testing';
import { stripNul } from './strip-nul';

const stores = (await isServerAvailable()) ? ['pglite', 'postgres'] : ['pglite'];

/** KurrentDB stores U+0000; PostgreSQL text and jsonb cannot. The feedback and audit projectors strip it. */
describe.each(stores)('NUL characters in recorded events on %s', (kind) => {
  let test: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    test = kind === 'postgres' ? await openServerTestDatabase() : await openPgliteTestDatabase();
    await migrateReadModels(test.db);
    store = createInMemoryEventStore();
  });
  afterAll(async () => {
    await runner?.stop();
    await test.dispose();
  });

  it('are stripped by the feedback and audit projectors, which store the event instead of failing', async () => {
    const feedbackId = randomUUID();
    const { position } = await store.appendToStream(
      `feedback-${feedbackId}`,
      [
        {
          type: 'FeedbackSubmitted',
          data: {
            feedbackId,
            userId: null,
            email: 'nul\u0000@example.com',
            message: 'before\u0000after',
            submittedAt: '2026-01-01T00:00:00.000Z',
            context: { userAgent: 'agent\u0000' },
            images: [],
          },
          metadata: { correlationId: 'c\u0000-1', 'key\u0000': 'v' },
        },
      ],
      { expectedRevision: 'any' },
    );
    runner = createProjectionRunner({
      db: test.db,
      eventStore: store,
      projectors: [feedbackProjector, auditLogProjector],
      retryDelayMs: 50,
      maxAttempts: 1,
    });
    await runner.start();
    expect(await runner.waitForPosition(position, { timeoutMs: 25_000 })).toBe(true);
    expect((await runner.status()).map((s) => [s.name, s.parked, s.lastError])).toEqual([
      ['feedback', 0, undefined],
      ['audit_log', 0, undefined],
    ]);
    const feedback = await test.db.pool.one(sql.type(
      z.object({ message: z.string(), email: z.string(), user_agent: z.string() }),
    )`
      select message, email, user_agent from feedback where feedback_id = ${feedbackId}`);
    expect(feedback).toEqual({ message: 'beforeafter', email: 'nul@example.com', user_agent: 'agent' });
    const audit = await test.db.pool.one(sql.type(
      z.object({ message: z.string(), correlation_id: z.string(), key: z.string() }),
    )`
      select data->>'message' as message, correlation_id, metadata->>'key' as key from audit_log
      where stream_id = ${`feedback-${feedbackId}`}`);
    expect(audit).toEqual({ message: 'beforeafter', correlation_id: 'c-1', key: 'v' });
  });

  it('leaves values without NUL alone, dates included', () => {
    const at = new Date(0);
    expect(stripNul({ a: ['x', 1, null, { b: at }] })).toEqual({ a: ['x', 1, null, { b: at }] });
  });
});
