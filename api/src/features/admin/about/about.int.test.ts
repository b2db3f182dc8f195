import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAdminToken } from '../../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../../testing/test-app';

describe.each(await testStores())('About and /api/endpoint3 on %s', (store) => {
  let app: TestApp;
  let admin: string;
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
  beforeAll(async () => {
    app = await createTestApp({ store });
    admin = signAdminToken(app, 'admin-root', 'root@example.com');
  });
  afterAll(() => app?.dispose());

  it('tells the version, start time, store kinds and each projection’s lag', async () => {
    const response = await get('/api/admin/about');
    expect(response.statusCode).toBe(200);
    const about = response.json();
    expect(about).toMatchObject({
      version: '0.1.0',
      webBuiltAt: null,
      environment: 'test',
      eventStore: { kind: store },
      readModels: { kind: store },
      lagLimit: 1000,
    });
    expect(Date.parse(about.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(about.projections.map((p: { name: string }) => p.name)).toContain('audit_log');
    for (const projection of about.projections) {
      expect(projection.eventsBehind).toBeGreaterThanOrEqual(0);
      if (projection.caughtUp) expect(projection.eventsBehind).toBe(0);
    }
  });

  it('answers the test console’s third call with a harmless diagnostic', async () => {
    const response = await get('/api/endpoint3');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'endpoint3 is working',
      eventStore: store,
      readModels: store,
      serverTime: expect.any(String),
    });
  });
});
