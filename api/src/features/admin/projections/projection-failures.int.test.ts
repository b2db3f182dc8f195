import type { Projector } from '@etf-replicator/projections';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectors } from '../../../projectors';
import { signAdminToken } from '../../../testing/admin-token';
import { createTestApp, type TestApp } from '../../../testing/test-app';

/** Issue 21: one event a projector cannot apply must not stop it, and readiness must say so. */
describe('Parked projection events, readiness and the admin retry', () => {
  let app: TestApp;
  let admin: string;
  let member: string;
  let broken = true;
  const poison: Projector = {
    name: 'poison_probe',
    eventTypes: ['PoisonProbe', 'HarmlessProbe'],
    tables: ['poison_probe'],
    handle: async (tx, event) => {
      if (broken && event.type === 'PoisonProbe') throw new Error('cannot apply this probe');
      await tx.query(sql.unsafe`insert into poison_probe (event_id) values (${event.id})`);
    },
  };
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    app = await createTestApp({ projectors: [...projectors, poison] });
    await app.testDb.pool.query(sql.unsafe`create table poison_probe (event_id text primary key)`);
    admin = signAdminToken(app, 'admin-1', 'root@example.com');
    member = app.signAccessToken({
      sub: 'user@example.com',
      userId: 'user-1',
      roles: [{ authority: 'ROLE_USER' }],
    });
  });
  afterAll(() => app?.dispose());

  it('answers 200 while every projector follows the log', async () => {
    await app.projectionsCaughtUp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', parked: 0 });
  });

  it('parks the bad event, keeps applying the others, and answers 503 until an admin retries it after a fix', async () => {
    const bad = await app.testEventStore.appendToStream('probe-1', [{ type: 'PoisonProbe', data: {} }], {
      expectedRevision: 'any',
    });
    const good = await app.testEventStore.appendToStream('probe-2', [{ type: 'HarmlessProbe', data: {} }], {
      expectedRevision: 'any',
    });
    expect(await app.projections.waitForPosition(good.position, { timeoutMs: 25_000 })).toBe(true);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', parked: 1 });
    expect(health.json().projections.find((p: { name: string }) => p.name === 'poison_probe')).toMatchObject({
      caughtUp: true,
      parked: 1,
    });

    expect((await app.inject({ method: 'GET', url: '/api/admin/projection-failures' })).statusCode).toBe(401);
    const forbidden = await app.inject({
      method: 'GET',
      url: '/api/admin/projection-failures',
      headers: as(member),
    });
    expect(forbidden.statusCode).toBe(403);
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/projection-failures',
      headers: as(admin),
    });
    expect(list.statusCode).toBe(200);
    const [parked] = list.json().events;
    expect(list.json().events).toHaveLength(1);
    expect(parked).toMatchObject({
      projector: 'poison_probe',
      streamId: 'probe-1',
      eventType: 'PoisonProbe',
      error: 'cannot apply this probe',
      held: false,
      position: bad.position,
    });
    expect(Date.parse(parked.firstSeen)).toBeLessThanOrEqual(Date.parse(parked.lastSeen));

    const retry = (body: object) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/projection-failures/retry',
        headers: as(admin),
        payload: body,
      });
    expect((await retry({ projector: 'poison_probe', eventId: parked.eventId })).json()).toEqual({
      applied: 0,
      remaining: 1,
      error: 'cannot apply this probe',
    });
    broken = false;
    expect((await retry({ projector: 'poison_probe', eventId: parked.eventId })).json()).toEqual({
      applied: 1,
      remaining: 0,
      error: null,
    });
    const again = await retry({ projector: 'poison_probe', eventId: parked.eventId });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This event is not parked (it may have been retried already).');
    expect((await retry({ projector: 'poison_probe' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
