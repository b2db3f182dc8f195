import { PASSWORD_MASK } from '@etf-replicator/core/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from '../../../accounts/testing/account-test-helpers';
import { signAdminToken } from '../../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../../testing/test-app';
import { settle } from '../testing/settle';

describe.each(await testStores())('GET /api/admin/users on %s', (store) => {
  let app: TestApp;
  let admin: string;
  let emails: string[];
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
  beforeAll(async () => {
    app = await createTestApp({ store });
    admin = signAdminToken(app, 'admin-root', 'root@example.com');
    emails = [];
    for (const label of ['zed', 'zed', 'amy'])
      emails.push((await signedInUser(app, uniqueEmail(label))).email);
    await settle(app);
  }, 120_000);
  afterAll(() => app?.dispose());

  it('pages the users oldest first with the total, masking the password', async () => {
    const first = (await get('/api/admin/users?size=10')).json();
    expect(first.totalElements).toBe(3);
    expect(first.content.map((u: { email: string }) => u.email)).toEqual(emails);
    expect(first.content[0]).toMatchObject({ password: PASSWORD_MASK, role: 'ROLE_USER', plan: null });
    expect(JSON.stringify(first)).not.toMatch(/argon2/);
  });

  it('searches by part of the e-mail', async () => {
    const found = (await get('/api/admin/users?q=ZED-&size=10&page=0')).json();
    expect([found.totalElements, found.content.length]).toEqual([2, 2]);
    const beyond = (await get('/api/admin/users?q=zed-&size=10&page=1')).json();
    expect([beyond.totalElements, beyond.content]).toEqual([2, []]);
  });

  it('answers 400 naming the field for a bad page or size', async () => {
    for (const [query, field] of [
      ['size=7', 'size'],
      ['page=-1', 'page'],
      ['page=x', 'page'],
    ] as const) {
      const response = await get(`/api/admin/users?${query}`);
      expect([response.statusCode, response.json().message]).toEqual([
        400,
        expect.stringMatching(`^Invalid ${field}`),
      ]);
    }
  });
});
