import { ROLE_ADMIN, ROLE_USER } from '@etf-replicator/core/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  claimsOf,
  login,
  PASSWORD,
  refreshCookieOf,
  signedInUser,
} from '../../accounts/testing/account-test-helpers';
import { SESSION_CHECK_TTL_MS } from '../../auth/session-check';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

/**
 * Access ends within seconds of a sign-out, a password change, a disabled account or a removed role — not when the
 * 15-minute access token expires. Each test keeps using a token issued before the change.
 */
describe.each(await testStores())('Access ends promptly on %s', (store) => {
  let app: TestApp;
  let root: string;
  beforeAll(async () => {
    app = await createTestApp({ store });
    root = signAdminToken(app, 'root');
  });
  afterAll(() => app?.dispose());

  const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const refresh = (token: string) =>
    app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { refresh_token: token } });
  const admin = (userId: string, what: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/admin/users/${userId}/${what}`, headers: bearer(root), payload });
  /** Polls until `url` answers `status` for `token`; fails if that takes longer than the cache lifetime allows. */
  const answersWithin = async (url: string, token: string, status: number) => {
    const limit = SESSION_CHECK_TTL_MS + 1_500;
    const start = Date.now();
    for (;;) {
      const response = await get(url, token);
      if (response.statusCode === status) return response;
      if (Date.now() - start > limit) {
        throw new Error(`${url} still answers ${response.statusCode} after ${Date.now() - start} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('a disabled user loses access with the token they hold', async () => {
    const user = await signedInUser(app);
    expect((await get(`/api/users/${user.userId}`, user.accessToken)).statusCode).toBe(200);
    expect((await admin(user.userId, 'status', { disabled: true })).statusCode).toBe(200);
    await answersWithin(`/api/users/${user.userId}`, user.accessToken, 401);
    expect((await get('/api/trackings/trackings-summary', user.accessToken)).statusCode).toBe(401);
    expect((await refresh(user.refresh)).statusCode).toBe(401);
  });

  it('a demoted admin loses the admin routes, and refresh hands out the roles as they are now', async () => {
    const user = await signedInUser(app);
    expect((await admin(user.userId, 'roles', { roles: [ROLE_USER, ROLE_ADMIN] })).statusCode).toBe(200);
    const promoted = await refresh(user.refresh);
    const adminToken: string = promoted.json().access_token;
    expect(claimsOf(adminToken).roles).toContainEqual({ authority: ROLE_ADMIN });
    expect((await get('/api/admin/users?size=10', adminToken)).statusCode).toBe(200);

    expect((await admin(user.userId, 'roles', { roles: [ROLE_USER] })).statusCode).toBe(200);
    await answersWithin('/api/admin/users?size=10', adminToken, 403);
    // Still signed in as an ordinary user: their own profile only.
    const own = await get('/api/users', adminToken);
    expect(own.json()).toHaveLength(1);
    const next = await refresh(refreshCookieOf(promoted)?.value as string);
    expect(claimsOf(next.json().access_token).roles).toEqual([{ authority: ROLE_USER }]);
  });

  it('signing out ends the access token of that sign-in, not the other sign-ins', async () => {
    const user = await signedInUser(app);
    const other = (await login(app, user.email)).json().access_token as string;
    expect(claimsOf(user.accessToken).sid).not.toBe(claimsOf(other).sid);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: user.refresh },
    });
    expect(out.statusCode).toBe(200);
    await answersWithin(`/api/users/${user.userId}`, user.accessToken, 401);
    expect((await get(`/api/users/${user.userId}`, other)).statusCode).toBe(200);
  });

  it('a password change ends every other sign-in, access and refresh, and keeps this one', async () => {
    const user = await signedInUser(app);
    const thief = await login(app, user.email);
    const thiefAccess: string = thief.json().access_token;
    const thiefRefresh = refreshCookieOf(thief)?.value as string;
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/users/change-password',
      headers: bearer(user.accessToken),
      payload: { currentPassword: PASSWORD, newPassword: 'Changed12!', confirmationPassword: 'Changed12!' },
    });
    expect(changed.statusCode).toBe(202);
    expect((await refresh(thiefRefresh)).statusCode).toBe(401);
    await answersWithin(`/api/users/${user.userId}`, thiefAccess, 401);
    expect((await get(`/api/users/${user.userId}`, user.accessToken)).statusCode).toBe(200);
    expect((await refresh(user.refresh)).statusCode).toBe(200);
  });
});
