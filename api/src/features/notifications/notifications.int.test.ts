import { randomUUID } from 'node:crypto';
import { notificationsPageSchema } from '@etf-replicator/core/contracts/notifications';
import type { DriftAlertRaised } from '@etf-replicator/core/tracking/events';
import { notificationsProjector } from '@etf-replicator/projections/notifications/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_USER } from '../../auth/session-user';
import { parsePgPosition } from '../../event-store/postgres/position';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { READ_ALL_PAGE } from './index';

/**
 * POST /api/notifications/read-all: every unread notification of the signed-in user becomes read (one
 * NotificationRead each, in one append), nobody else's; a repeat with nothing unread records nothing.
 */
describe.each(await testStores())('Marking all notifications read on %s', (store) => {
  let app: TestApp;

  beforeAll(async () => {
    // Only the notifications read model: the alerts are appended to tracking streams that have no tracking.
    app = await createTestApp({ store, projectors: [notificationsProjector] });
  }, 120_000);
  afterAll(() => app?.dispose());

  const investor = (userId = randomUUID()) => {
    const token = app.signAccessToken({
      sub: `${userId}@example.com`,
      userId,
      roles: [{ authority: ROLE_USER }],
    });
    const call = async (method: 'GET' | 'POST', url: string) => {
      const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      return { status: response.statusCode, body: response.body };
    };
    return {
      userId,
      call,
      page: async (query = '') =>
        notificationsPageSchema.parse(JSON.parse((await call('GET', `/api/notifications${query}`)).body)),
      readStream: async () =>
        (await app.testEventStore.readStream(`notifications-${userId}`)).map((event) => ({
          type: event.type,
          notificationId: (event.data as { notificationId: string }).notificationId,
        })),
    };
  };

  /** A drift alert for the user (the notifications projector makes it an unread notification); its id. */
  const raiseAlert = async (userId: string, minute: number): Promise<string> => {
    const id = randomUUID();
    const data: DriftAlertRaised['data'] = {
      snapshotEventId: randomUUID(),
      userId,
      etfSymbol: 'IWM',
      referenceRate: '47.654',
      currentRate: '46.4811',
      thresholdPoints: '2',
      outOfBalance: '0',
      targetAmount: '10000',
      reasons: ['rate'],
      occurredAt: new Date(Date.UTC(2026, 10, 24, 9, minute)).toISOString(),
    };
    const { position } = await app.testEventStore.appendToStream(
      `tracking-${randomUUID()}`,
      [{ id, type: 'DriftAlertRaised', data, metadata: { schemaVersion: 1, actorUserId: null } }],
      { expectedRevision: 'any' },
    );
    await app.projections.waitForPosition(position, { projections: ['notifications'], timeoutMs: 25_000 });
    return id;
  };

  it("marks every unread notification of the user read in one append, leaves another user's unread, and a repeat records nothing", async () => {
    const me = investor();
    const other = investor();
    const ids: string[] = [];
    for (let minute = 0; minute < 12; minute++) ids.push(await raiseAlert(me.userId, minute));
    const othersId = await raiseAlert(other.userId, 30);
    // One already read on its own: read-all does not record it again.
    expect((await me.call('POST', `/api/notifications/${ids[0]}/read`)).status).toBe(204);
    expect(await me.page()).toMatchObject({ totalElements: 12, unread: 11 });

    const marked = await me.call('POST', '/api/notifications/read-all');
    expect(marked.status).toBe(204);
    expect(marked.body).toBe('');

    // Both pages: everything read, the unread count 0.
    const first = await me.page('?page=0&size=10');
    const second = await me.page('?page=1&size=10');
    expect(first).toMatchObject({ totalElements: 12, unread: 0 });
    expect([...first.content, ...second.content].map((n) => n.readAt)).toEqual(
      Array.from({ length: 12 }, () => expect.any(String)),
    );
    const events = await me.readStream();
    expect(events.map((e) => e.type)).toEqual(Array.from({ length: 12 }, () => 'NotificationRead'));
    expect(events.map((e) => e.notificationId).sort()).toEqual([...ids].sort());
    // The eleven of read-all are one append: one transaction of the log.
    const stored = (await app.testEventStore.readStream(`notifications-${me.userId}`)).slice(1);
    expect(new Set(stored.map((e) => parsePgPosition(e.globalPosition).tx)).size).toBe(1);
    expect(stored.map((e) => e.metadata)).toEqual(
      Array.from({ length: 11 }, () => ({ schemaVersion: 1, actorUserId: me.userId })),
    );

    // The other user's alert is still unread, and their stream is empty.
    const others = await other.page();
    expect(others).toMatchObject({ totalElements: 1, unread: 1 });
    expect(others.content[0]).toMatchObject({ id: othersId, readAt: null });
    expect(await other.readStream()).toEqual([]);

    // Again with nothing unread: 204, nothing appended.
    expect((await me.call('POST', '/api/notifications/read-all')).status).toBe(204);
    expect(await me.readStream()).toHaveLength(12);
    expect((await me.page()).unread).toBe(0);

    // A later alert is unread; read-all marks only it.
    const later = await raiseAlert(me.userId, 45);
    expect((await me.page()).unread).toBe(1);
    expect((await me.call('POST', '/api/notifications/read-all')).status).toBe(204);
    expect((await me.readStream()).map((e) => e.notificationId).at(-1)).toBe(later);
    expect(await me.readStream()).toHaveLength(13);
    expect((await me.page()).unread).toBe(0);
  });

  it('answers 204 to single reads and read-alls sent together, recording each notification read once', async () => {
    const me = investor();
    const ids: string[] = [];
    for (let minute = 0; minute < 4; minute++) ids.push(await raiseAlert(me.userId, minute));
    const answers = await Promise.all([
      me.call('POST', '/api/notifications/read-all'),
      ...ids.map((id) => me.call('POST', `/api/notifications/${id}/read`)),
      me.call('POST', '/api/notifications/read-all'),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 204));
    expect((await me.readStream()).map((e) => e.notificationId).sort()).toEqual([...ids].sort());
    expect((await me.page()).unread).toBe(0);
  });

  it('answers 204 and records nothing for a user without notifications', async () => {
    const nobody = investor();
    expect((await nobody.call('POST', '/api/notifications/read-all')).status).toBe(204);
    expect(await nobody.readStream()).toEqual([]);
  });

  it('refuses a caller who is not signed in', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/notifications/read-all' });
    expect(response.statusCode).toBe(401);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('pages a large read-all: every notification read, appended a page at a time (issue 27 item 12)', async () => {
    const me = investor();
    const count = READ_ALL_PAGE * 2 + 7;
    const alerts = Array.from({ length: count }, (_, i) => {
      const data: DriftAlertRaised['data'] = {
        snapshotEventId: randomUUID(),
        userId: me.userId,
        etfSymbol: 'IWM',
        referenceRate: '47.654',
        currentRate: '46.4811',
        thresholdPoints: '2',
        outOfBalance: '0',
        targetAmount: '10000',
        reasons: ['rate'],
        occurredAt: new Date(Date.UTC(2026, 10, 24, 9, 0, i)).toISOString(),
      };
      return {
        id: randomUUID(),
        type: 'DriftAlertRaised',
        data,
        metadata: { schemaVersion: 1, actorUserId: null },
      };
    });
    const { position } = await app.testEventStore.appendToStream(`tracking-${randomUUID()}`, alerts, {
      expectedRevision: 'any',
    });
    await app.projections.waitForPosition(position, { projections: ['notifications'], timeoutMs: 60_000 });
    expect(await me.page()).toMatchObject({ unread: count });

    expect((await me.call('POST', '/api/notifications/read-all')).status).toBe(204);
    expect(await me.page()).toMatchObject({ totalElements: count, unread: 0 });
    const stored = await app.testEventStore.readStream(`notifications-${me.userId}`);
    expect(stored).toHaveLength(count);
    expect(new Set(stored.map((e) => (e.data as { notificationId: string }).notificationId)).size).toBe(
      count,
    );
    // Three appends: two full pages and the rest.
    expect(new Set(stored.map((e) => parsePgPosition(e.globalPosition).tx)).size).toBe(3);
  }, 120_000);
});
