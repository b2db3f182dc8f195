import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../accounts/testing/account-test-helpers';
import { createTestApp, type TestApp, testStores } from '../testing/test-app';

/** Two API processes on one database, and a restart: the per-IP login limit (30 in 15 minutes) is one limit. */
describe.each(await testStores())('Rate limits shared through PostgreSQL on %s', (store) => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ store, projectors: [] });
    second = await createTestApp({ store, projectors: [], sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second?.dispose();
    await first?.dispose();
  });
  const attempt = (app: TestApp, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { email: uniqueEmail('shared'), password: 'Wrong123!' },
    });

  it('counts the attempts sent to either instance against one limit', async () => {
    for (let i = 0; i < 30; i++)
      expect((await attempt(i % 2 ? first : second, '10.7.0.1')).statusCode).toBe(400);
    const blocked = [await attempt(first, '10.7.0.1'), await attempt(second, '10.7.0.1')];
    expect(blocked.map((response) => response.statusCode)).toEqual([429, 429]);
    expect(Number(blocked[1]?.headers['retry-after'])).toBeGreaterThan(800);
    expect((await attempt(second, '10.7.0.2')).statusCode).toBe(400);
  });

  it('keeps counting across a restart', async () => {
    for (let i = 0; i < 30; i++) expect((await attempt(first, '10.7.0.3')).statusCode).toBe(400);
    const restarted = await createTestApp({ store, projectors: [], sameDatabaseAs: first });
    try {
      expect((await attempt(restarted, '10.7.0.3')).statusCode).toBe(429);
    } finally {
      await restarted.dispose();
    }
  });
});
