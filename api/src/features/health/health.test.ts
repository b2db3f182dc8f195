import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.dispose());

  it('reports ok with the store kinds', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      eventStore: { kind: 'pglite' },
      readModels: { kind: 'pglite' },
      lagging: 0,
    });
  });

  it('serves the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty('/api/health');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route GET /api/nope not found' });
  });

  it('explains how to build the web app when it is missing', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/settings/account',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('has not been built yet');
  });
});
