import { accountMessages as m, ROLE_ADMIN, ROLE_USER } from '@etf-replicator/core/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_USER, seedAccounts } from '../../accounts/seed-accounts';
import {
  bearer,
  claimsOf,
  login,
  refreshCookieOf,
  register,
  signedInUser,
  uniqueEmail,
} from '../../accounts/testing/account-test-helpers';
import { findUserIdByEmail, loadUser } from '../../accounts/user-streams';
import { loadConfig } from '../../config';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

describe.each(await testStores())('Admin user management and seeding on %s', (store) => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp({ store });
    admin = signAdminToken(app, 'admin-root', 'root@example.com');
  });
  afterAll(() => app?.dispose());
  const post = (userId: string, what: string, payload: object, token = admin) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/${what}`,
      headers: bearer(token),
      payload,
    });
  const refresh = (token: string) =>
    app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { refresh_token: token } });

  it('records plan changes as events; the next refresh carries the plan claim', async () => {
    const user = await signedInUser(app);
    let response = await post(user.userId, 'plan', { plan: 'PRO' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.userId, plan: 'PRO' });
    response = await refresh(user.refresh);
    expect(claimsOf(response.json().access_token).plan).toBe('PRO');
    expect((await post(user.userId, 'plan', { plan: null })).json().plan).toBeNull();
    response = await refresh(refreshCookieOf(response)?.value as string);
    expect(claimsOf(response.json().access_token)).not.toHaveProperty('plan');

    const events = await app.testEventStore.readStream(`user-${user.userId}`);
    expect(
      events.filter((event) => event.type === 'UserPlanChanged').map((event) => event.data),
    ).toMatchObject([
      { plan: 'PRO', previousPlan: null, source: 'admin' },
      { plan: null, previousPlan: 'PRO', source: 'admin' },
    ]);
    expect(events.at(-1)?.metadata).toMatchObject({ actorUserId: 'admin-root' });
    expect((await post(user.userId, 'plan', { plan: 'PLATINUM' })).statusCode).toBe(400);
  });

  it('grants and revokes roles; an admin cannot drop their own admin role', async () => {
    const user = await signedInUser(app);
    let response = await post(user.userId, 'roles', { roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    expect(response.json()).toMatchObject({ roles: ['ROLE_USER', 'ROLE_ADMIN'], role: 'ROLE_ADMIN' });
    const promoted = (await refresh(user.refresh)).json().access_token;
    expect(claimsOf(promoted).roles).toEqual([{ authority: 'ROLE_USER' }, { authority: 'ROLE_ADMIN' }]);
    response = await post(user.userId, 'roles', { roles: ['ROLE_USER'] }, promoted);
    expect([response.statusCode, response.json().message]).toEqual([409, m.ownAdminRole]);
    response = await post(user.userId, 'roles', { roles: [] });
    expect([response.statusCode, response.json().message]).toEqual([400, m.rolesRequired]);
  });

  it('disables a user: login says so, sessions end; enabling restores access', async () => {
    const user = await signedInUser(app);
    expect((await post(user.userId, 'status', { disabled: true })).json().disabled).toBe(true);
    let response = await login(app, user.email);
    expect([response.statusCode, response.json().message]).toEqual([400, m.userDisabled]);
    expect((await refresh(user.refresh)).statusCode).toBe(401);
    await post(user.userId, 'status', { disabled: false });
    response = await login(app, user.email);
    expect(response.statusCode).toBe(200);
  });

  it('replays a retried admin command with the same Idempotency-Key instead of running it twice', async () => {
    const user = await signedInUser(app);
    const send = (roles: string[]) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.userId}/roles`,
        headers: { ...bearer(admin), 'idempotency-key': `roles-${user.userId}` },
        payload: { roles },
      });
    const first = await send(['ROLE_USER', 'ROLE_ADMIN']);
    const retry = await send(['ROLE_USER', 'ROLE_ADMIN']);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await send(['ROLE_USER'])).statusCode).toBe(422);
    const events = await app.testEventStore.readStream(`user-${user.userId}`);
    expect(events.filter((event) => event.type === 'UserRoleGranted')).toHaveLength(1);
  });

  it('answers 404 for an unknown user without the sign-out message, 401/403 for non-admins', async () => {
    const response = await post('no-such-user', 'plan', { plan: 'PRO' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).not.toBe(m.userNotFound);
    const user = await signedInUser(app);
    expect((await post(user.userId, 'plan', { plan: 'PRO' }, user.accessToken)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/admin/users/${user.userId}/plan`,
          payload: { plan: 'PRO' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('seeds the demo user and admin once, printing their credentials once', async () => {
    const printed: string[] = [];
    const deps = {
      config: loadConfig({ NODE_ENV: 'development' }),
      eventStore: app.testEventStore,
      pool: app.testDb.pool,
      print: (text: string) => printed.push(text),
    };
    await seedAccounts(deps);
    await seedAccounts(deps);
    expect(printed).toHaveLength(1);
    const adminPassword = /admin: admin@example\.com \/ (\S+)/.exec(printed[0] as string)?.[1] as string;
    expect(printed[0]).toContain(`${DEMO_USER.email} / ${DEMO_USER.password}`);

    expect((await login(app, DEMO_USER.email, DEMO_USER.password)).statusCode).toBe(200);
    const adminLogin = await login(app, DEMO_ADMIN_EMAIL, adminPassword);
    expect(claimsOf(adminLogin.json().access_token).roles).toContainEqual({ authority: ROLE_ADMIN });
  });

  it('ensures ADMIN_EMAIL is an admin in any mode, and refuses a weak ADMIN_PASSWORD', async () => {
    const base = { eventStore: app.testEventStore, pool: app.testDb.pool, print: () => undefined };
    const existing = await signedInUser(app);
    await seedAccounts({
      ...base,
      config: loadConfig({ DATABASE_URL: 'postgres://x/y', ADMIN_EMAIL: existing.email }),
    });
    const promoted = claimsOf((await login(app, existing.email)).json().access_token);
    expect(promoted.roles).toContainEqual({ authority: ROLE_ADMIN });

    const config = loadConfig({
      DATABASE_URL: 'postgres://x/y',
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD: 'Opsadmin1!',
    });
    await seedAccounts({ ...base, config });
    expect((await login(app, 'ops@example.com', 'Opsadmin1!')).statusCode).toBe(200);
    // Pre-hijacking: someone registered the operator's address first and never confirmed it.
    const squatted = uniqueEmail('ops-squatted');
    expect((await register(app, squatted, { password: 'Attacker1!' })).statusCode).toBe(201);
    const printed: string[] = [];
    await seedAccounts({
      ...base,
      print: (text: string) => printed.push(text),
      config: loadConfig({ DATABASE_URL: 'postgres://x/y', ADMIN_EMAIL: squatted }),
    });
    expect(printed.join('\n')).toMatch(/WARNING: .* NOT made an administrator/);
    const squattedId = await findUserIdByEmail(app.testEventStore, squatted);
    const squatter = await loadUser(app.testEventStore, squattedId as string);
    expect(squatter.status === 'registered' && squatter.roles).toEqual([ROLE_USER]);

    const weak = loadConfig({ ADMIN_EMAIL: 'weak@example.com', ADMIN_PASSWORD: 'password' });
    await expect(seedAccounts({ ...base, config: weak })).rejects.toThrow(/ADMIN_PASSWORD does not meet/);
  });
});
