import type { Position, RecordedEvent } from '@etf-replicator/core';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadModels } from '../migrate-read-models';
import {
  isServerAvailable,
  openPgliteTestDatabase,
  openServerTestDatabase,
  type TestDatabase,
} from '../testing';
import { getAuditFilterOptions } from './filter-options';
import { auditLogProjector } from './projector';
import { emailsOfUsers, searchUsers, userIdsByEmail } from './user-directory';

const stores = (await isServerAvailable()) ? ['pglite', 'postgres'] : ['pglite'];

let position = 0;
const event = (streamId: string, type: string, data: object = {}): RecordedEvent => ({
  id: crypto.randomUUID(),
  type,
  data,
  metadata: { actorUserId: 'system' },
  streamId,
  streamRevision: 0,
  globalPosition: `1:${++position}` as Position,
  recordedAt: new Date('2026-01-01T00:00:00Z'),
});

const addUser = (db: TestDatabase, id: string, email: string, first: string, last: string, at: string) =>
  db.db.pool.query(sql.unsafe`
    insert into users (id, email, first_name, last_name, registered_at, updated_at, stream_revision)
    values (${id}, ${email}, ${first}, ${last}, ${at}, ${at}, 0)`);

describe.each(stores)('Audit log staff queries on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = kind === 'postgres' ? await openServerTestDatabase() : await openPgliteTestDatabase();
    await migrateReadModels(test.db);
    await test.db.pool.transaction(async (tx) => {
      for (const recorded of [
        event('user-u1', 'UserRegistered'),
        event('tracking-t1', 'TrackingCreated'),
        event('tracking-t1', 'OrderExecuted'),
        event('etf-VOO', 'EtfSnapshotPublished'),
      ])
        await auditLogProjector.handle(tx, recorded);
    });
    await addUser(test, 'u1', 'ann@example.com', 'Ann', 'Lee', '2026-01-01T00:00:00Z');
    await addUser(test, 'u2', 'bob_smith@example.com', 'Bob', 'Smith', '2026-01-02T00:00:00Z');
    await addUser(test, 'u3', 'cy@corp.test', 'Cy', 'Lee', '2026-01-03T00:00:00Z');
  });
  afterAll(() => test?.dispose());

  it('offers every recorded category and event type, sorted, once each', async () => {
    expect(await getAuditFilterOptions(test.db.pool)).toEqual({
      categories: ['etf', 'tracking', 'user'],
      eventTypes: ['EtfSnapshotPublished', 'OrderExecuted', 'TrackingCreated', 'UserRegistered'],
    });
  });

  it('searches users by e-mail, name or id, a page at a time, oldest first, with the total', async () => {
    const all = await searchUsers(test.db.pool, { size: 2 });
    expect([all.total, all.users.map((u) => u.id)]).toEqual([3, ['u1', 'u2']]);
    const second = await searchUsers(test.db.pool, { size: 2, page: 1 });
    expect(second.users.map((u) => u.id)).toEqual(['u3']);
    expect((await searchUsers(test.db.pool, { q: 'LEE' })).users.map((u) => u.id)).toEqual(['u1', 'u3']);
    expect((await searchUsers(test.db.pool, { q: 'bob smith' })).users.map((u) => u.id)).toEqual(['u2']);
    expect((await searchUsers(test.db.pool, { q: 'u3' })).users.map((u) => u.id)).toEqual(['u3']);
    expect((await searchUsers(test.db.pool, { q: 'example.com' })).total).toBe(2);
  });

  it('treats LIKE wildcards in a search as plain text', async () => {
    expect((await searchUsers(test.db.pool, { q: '_' })).users.map((u) => u.id)).toEqual(['u2']);
    expect((await searchUsers(test.db.pool, { q: '%' })).total).toBe(0);
  });

  it('maps ids to e-mails, leaving unknown ids out', async () => {
    const emails = await emailsOfUsers(test.db.pool, ['u1', 'u3', 'system', 'u1']);
    expect(Object.fromEntries(emails)).toEqual({ u1: 'ann@example.com', u3: 'cy@corp.test' });
    expect((await emailsOfUsers(test.db.pool, [])).size).toBe(0);
  });

  it('finds user ids by part of an e-mail', async () => {
    expect(await userIdsByEmail(test.db.pool, 'EXAMPLE.com')).toEqual(['u1', 'u2']);
    expect(await userIdsByEmail(test.db.pool, 'nobody')).toEqual([]);
  });
});
