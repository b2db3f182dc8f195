import { ROLE_ADMIN, ROLE_USER } from '@etf-replicator/core/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

type Call = { method: 'GET' | 'POST'; url: string; payload?: object };

/** Every admin-only call of the API: the staff tools here, the admin user commands and the feedback viewer. */
const adminCalls: Call[] = [
  { method: 'GET', url: '/api/admin/audit' },
  { method: 'GET', url: '/api/admin/audit?eventType=OrderExecuted&cursor=5' },
  { method: 'GET', url: '/api/admin/audit/filters' },
  { method: 'GET', url: '/api/admin/audit/export' },
  { method: 'GET', url: '/api/admin/trackings?q=VOO' },
  { method: 'GET', url: '/api/admin/trackings/some-tracking/replay' },
  { method: 'GET', url: '/api/admin/trackings/some-tracking/replay?until=1:2' },
  { method: 'GET', url: '/api/admin/users?q=a&page=0&size=10' },
  { method: 'GET', url: '/api/admin/about' },
  { method: 'GET', url: '/api/endpoint3' },
  { method: 'GET', url: '/api/retrieve-feedback' },
  { method: 'POST', url: '/api/admin/users/some-user/plan', payload: { plan: 'PRO' } },
  { method: 'POST', url: '/api/admin/users/some-user/roles', payload: { roles: ['ROLE_USER'] } },
  { method: 'POST', url: '/api/admin/users/some-user/status', payload: { disabled: true } },
  { method: 'POST', url: '/api/admin/market/import', payload: { asOf: 'not-a-date' } },
  { method: 'GET', url: '/api/admin/market/refreshes?page=0&size=5' },
  { method: 'POST', url: '/api/admin/market/refresh', payload: {} },
];

const label = (call: Call) => `${call.method} ${call.url}`;

describe.each(await testStores())('Admin API authorization matrix on %s', (store) => {
  let app: TestApp;
  let userToken: string;
  let adminToken: string;
  beforeAll(async () => {
    app = await createTestApp({ store });
    const sign = (role: string) =>
      app.signAccessToken({ sub: `${role}@example.com`, userId: `id-${role}`, roles: [{ authority: role }] });
    userToken = sign(ROLE_USER);
    adminToken = sign(ROLE_ADMIN);
  });
  afterAll(() => app?.dispose());

  const send = (call: Call, token?: string) =>
    app.inject({
      method: call.method,
      url: call.url,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(call.payload ? { payload: call.payload } : {}),
    });

  it.each(adminCalls.map((call) => [label(call), call] as const))(
    '%s: 401 signed out, 401 with a forged token, 403 to a ROLE_USER, let through for an admin',
    async (_, call) => {
      expect((await send(call)).statusCode).toBe(401);
      expect((await send(call, `${adminToken.slice(0, -4)}AAAA`)).statusCode).toBe(401);
      const asUser = await send(call, userToken);
      expect([asUser.statusCode, asUser.json()]).toEqual([403, { message: 'Forbidden' }]);
      expect([401, 403]).not.toContain((await send(call, adminToken)).statusCode);
    },
  );

  it('offers no way for staff to change a tracking (time travel is read-only)', async () => {
    const writes = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
    for (const method of writes) {
      const response = await app.inject({
        method,
        url: '/api/admin/trackings/some-tracking/replay',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
