import { createHmac } from 'node:crypto';
import { accountMessages as m, ROLE_ADMIN } from '@etf-replicator/core/contracts/accounts';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bearer,
  login,
  mailbox,
  refreshCookieOf,
  register,
  signedInUser,
  uniqueEmail,
  waitForMail,
} from '../../accounts/testing/account-test-helpers';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const hs256 = (payload: object, secret: string) => {
  const head = base64url({ alg: 'HS256', typ: 'JWT' });
  const body = base64url(payload);
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
};

describe.each(await testStores())('Account security on %s', (store) => {
  let app: TestApp;
  beforeAll(async () => {
    // No grace window: a reuse here must count as theft at once (the grace window has its own test below).
    app = await createTestApp({ store, env: { REFRESH_TOKEN_REUSE_GRACE_MS: '0' } });
  });
  afterAll(() => app?.dispose());
  const refresh = (token: string) =>
    app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { refresh_token: token } });

  it('revokes the whole sign-in when a rotated refresh token is used again', async () => {
    const user = await signedInUser(app);
    const first = await refresh(user.refresh);
    expect(first.statusCode).toBe(200);
    const next = refreshCookieOf(first)?.value as string;
    const reuse = await refresh(user.refresh);
    expect([reuse.statusCode, reuse.json().message]).toEqual([401, m.unauthorized]);
    // The attacker's reuse also ends the legitimate holder's newer token.
    expect((await refresh(next)).statusCode).toBe(401);
    // Another sign-in of the same user is a different family and keeps working.
    const other = refreshCookieOf(await login(app, user.email))?.value as string;
    expect((await refresh(other)).statusCode).toBe(200);
    expect((await refresh('made-up')).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/auth/refresh-token' })).statusCode).toBe(401);
  });

  it('rejects forged, expired and alg: none access tokens', async () => {
    const user = await signedInUser(app);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: user.email, userId: user.userId, roles: [{ authority: ROLE_ADMIN }] };
    const [header, , signature] = user.accessToken.split('.');
    const forged = [
      hs256({ ...claims, iat: now, exp: now + 600 }, 'not-the-server-secret-'.padEnd(48, 'y')),
      hs256({ ...claims, iat: now - 3600, exp: now - 1800 }, 'test-secret-'.padEnd(48, 'x')),
      `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, iat: now })}.`,
      `${header}.${base64url({ ...claims, iat: now, exp: now + 600 })}.${signature}`,
    ];
    for (const token of forged) {
      for (const url of ['/api/users', `/api/users/${user.userId}`]) {
        const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode, `${url} with ${token.slice(0, 20)}…`).toBe(401);
      }
    }
    // The expired one is signed with the real key: only its age rejects it.
    expect(
      (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(user.accessToken) })).statusCode,
    ).toBe(200);
  });

  it("keeps users out of each other's profiles (404), while admins see everyone", async () => {
    const ann = await signedInUser(app);
    const bob = await signedInUser(app);
    const peek = await app.inject({
      method: 'GET',
      url: `/api/users/${bob.userId}`,
      headers: bearer(ann.accessToken),
    });
    expect([peek.statusCode, peek.json().message]).toEqual([404, m.userNotFound]);
    const list = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(ann.accessToken) });
    expect(list.json().map((user: { id: string }) => user.id)).toEqual([ann.userId]);

    const admin = signAdminToken(app, 'admin-x', 'root@example.com');
    const all = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) });
    expect(all.json().map((user: { id: string }) => user.id)).toEqual(
      expect.arrayContaining([ann.userId, bob.userId]),
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/users/${bob.userId}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    const forbidden = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${bob.userId}/plan`,
      headers: bearer(ann.accessToken),
      payload: { plan: 'PRO' },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('never sends a password hash: every users and admin answer is scanned', async () => {
    const user = await signedInUser(app);
    const admin = signAdminToken(app, 'admin-y', 'root@example.com');
    const hashes = await app.testDb.pool.anyFirst(
      sql.type(z.object({ password_hash: z.string() }))`select password_hash from account_passwords`,
    );
    expect(hashes.length).toBeGreaterThan(0);
    const responses = [
      await app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) }),
      await app.inject({ method: 'GET', url: '/api/users', headers: bearer(user.accessToken) }),
      await app.inject({
        method: 'GET',
        url: `/api/users/${user.userId}`,
        headers: bearer(user.accessToken),
      }),
      await app.inject({ method: 'GET', url: `/api/users/${user.userId}`, headers: bearer(admin) }),
      await app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.userId}/plan`,
        headers: bearer(admin),
        payload: { plan: 'GROWTH' },
      }),
      await app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.userId}/roles`,
        headers: bearer(admin),
        payload: { roles: ['ROLE_USER'] },
      }),
      await app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.userId}/status`,
        headers: bearer(admin),
        payload: { disabled: false },
      }),
      await login(app, user.email),
      await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${user.email}` }),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(response.body).not.toMatch(/\$argon2/);
      for (const hash of hashes) expect(response.body).not.toContain(hash.split('$').at(-1));
    }
    // The log holds no secret either.
    const events = await app.testEventStore.readAll({ maxCount: 10_000 });
    const log = JSON.stringify(events.events.map((event) => event.data));
    expect(log).not.toMatch(/argon2|password_hash/i);
  });

  it('answers forgot-password identically whether or not the address has an account', async () => {
    const known = (await signedInUser(app)).email;
    const unknown = uniqueEmail('nobody');
    const ask = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email, hostname: 'localhost:3000' },
      });
    const [a, b] = [await ask(known), await ask(unknown)];
    expect(a.statusCode).toBe(200);
    expect([b.statusCode, b.body]).toEqual([a.statusCode, a.body]);
    const headers = (r: typeof a) =>
      Object.keys(r.headers)
        .filter((name) => !['date', 'content-length'].includes(name))
        .sort();
    expect(headers(b)).toEqual(headers(a));
    const mails = await waitForMail(app, known, 2);
    expect(mails[0]?.subject).toBe('Reset your ETF Replicator password');
    expect(await mailbox(app, unknown)).toEqual([]);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nope' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('lets a later registration of an unconfirmed address replace the first registrant’s password', async () => {
    // Pre-hijacking: an attacker registers the victim's address first; the victim registers it later.
    const email = uniqueEmail('prehijack');
    expect((await register(app, email, { password: 'Attacker1!' })).statusCode).toBe(201);
    const again = await register(app, email, { password: 'Victim123!' });
    expect([again.statusCode, again.json().message]).toEqual([400, m.emailUnconfirmed]);
    const mails = await waitForMail(app, email, 2);
    const latest = mails[0]?.links[0] as string;
    const confirmed = await app.inject({
      method: 'GET',
      url: `/api/auth/confirm?token=${new URL(latest).searchParams.get('token')}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await login(app, email, 'Attacker1!')).statusCode).toBe(400);
    expect((await login(app, email, 'Victim123!')).statusCode).toBe(200);
  });

  it('gives exactly one account to two concurrent registrations of one address', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all([
      register(app, email, { firstName: 'Ann' }),
      register(app, email, { firstName: 'Bea' }),
    ]);
    // The loser sees the winner's reservation: 409, or 400 (resent confirmation) once the winner's account exists.
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    const { events } = await app.testEventStore.readAll({
      maxCount: 10_000,
      filter: { eventTypes: ['UserRegistered'] },
    });
    expect(events.filter((event) => (event.data as { email: string }).email === email)).toHaveLength(1);
  });

  it('answers 503 for Google when it is not configured', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/google' });
    expect([response.statusCode, response.json().message]).toEqual([503, m.googleNotConfigured]);
    const providers = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect([providers.statusCode, providers.json()]).toEqual([200, { google: false }]);
  });
});

describe('Refresh token reuse grace window', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { REFRESH_TOKEN_REUSE_GRACE_MS: '10000' } });
  });
  afterAll(() => app?.dispose());
  const refresh = (token: string) =>
    app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { refresh_token: token } });

  it('lets a reload that races its own refresh keep the sign-in', async () => {
    const user = await signedInUser(app);
    const first = await refresh(user.refresh);
    const racing = await refresh(user.refresh);
    expect([first.statusCode, racing.statusCode]).toEqual([200, 200]);
    const fromFirst = refreshCookieOf(first)?.value as string;
    expect(refreshCookieOf(racing)?.value).toBe(fromFirst);
    const next = await refresh(fromFirst);
    expect(next.statusCode).toBe(200);
    // The racing tab still holds the first successor, now spent: within the window it gets the newest one.
    const late = await refresh(fromFirst);
    expect(refreshCookieOf(late)?.value).toBe(refreshCookieOf(next)?.value);
  });

  it('hands every replay within the window the same successor, so replays mint no extra sign-ins', async () => {
    const user = await signedInUser(app);
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await refresh(user.refresh));
    const successors = new Set(replies.map((reply) => refreshCookieOf(reply)?.value));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(successors.size).toBe(1);
    const live = await app.testDb.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from refresh_tokens
       where user_id = ${user.userId} and used_at is null and revoked_at is null`);
    expect(live).toBe(1);
  });
});
