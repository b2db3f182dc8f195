import type { Projector } from '@etf-replicator/projections';
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

describe('GET /api/health/live and /api/health/ready', () => {
  it('answers live and ready once the projections have caught up', async () => {
    const app = await createTestApp();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
      await app.testEventStore.appendToStream('probe-1', [{ type: 'ProbeRecorded', data: {} }], {
        expectedRevision: 'any',
      });
      await app.projectionsCaughtUp();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ready: true, database: 'ok', behind: [], parked: 0 });
    } finally {
      await app.dispose();
    }
  }, 60_000);

  it('is not ready while a projector has parked events', async () => {
    const poisoned: Projector = {
      name: 'poisoned',
      eventTypes: ['ProbeRecorded'],
      tables: [],
      handle: async () => {
        throw new Error('cannot apply this event');
      },
    };
    const app = await createTestApp({ projectors: [poisoned] });
    try {
      await app.testEventStore.appendToStream('probe-1', [{ type: 'ProbeRecorded', data: {} }], {
        expectedRevision: 'any',
      });
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: '/api/health/ready' })).json().parked, {
          timeout: 30_000,
        })
        .toBe(1);
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ready: false, parked: 1 });
    } finally {
      await app.dispose();
    }
  }, 60_000);

  it('is not ready while a projection trails the log beyond the bound, but stays live', async () => {
    const stuck: Projector = {
      name: 'stuck',
      eventTypes: ['ProbeRecorded'],
      tables: [],
      handle: async () => {
        throw new Error('read model unavailable');
      },
    };
    const app = await createTestApp({ projectors: [stuck], env: { READY_MAX_LAG_SECONDS: '0' } });
    try {
      await app.testEventStore.appendToStream('probe-1', [{ type: 'ProbeRecorded', data: {} }], {
        expectedRevision: 'any',
      });
      // It retries, then parks the event and catches up: judge the answer given while it trails, not a later one.
      await expect
        .poll(async () => {
          const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
          return { status: ready.statusCode, body: ready.json() };
        })
        .toMatchObject({ status: 503, body: { ready: false, database: 'ok', behind: [{ name: 'stuck' }] } });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.dispose();
    }
  }, 60_000);
});
