import { type EventStore, WrongExpectedVersionError } from '@etf-replicator/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../accounts/testing/account-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createMetrics, type Metrics, timeAppends } from './metrics';

/** The value of one sample line of the Prometheus text, e.g. sample(text, 'x_total{a="b"}'). */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics after commands', () => {
  let app: TestApp;
  let metrics: Metrics;
  const logLines: string[] = [];
  beforeAll(async () => {
    metrics = createMetrics();
    const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
    app = await createTestApp({ metrics, logger, env: { METRICS_TOKEN: 'scrape-token-0123456789' } });
  }, 60_000);
  afterAll(() => app?.dispose());

  const scrape = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('counts a command by outcome and times its route, its appends and the process', async () => {
    const first = await register(app, 'mia@example.com');
    expect(first.statusCode, first.body).toBe(201);
    // The same e-mail again, still unconfirmed: turned down with 400.
    expect((await register(app, 'mia@example.com')).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: {} })).statusCode).toBe(
      400,
    );

    const text = await scrape();
    const command = 'command="POST /api/auth/register"';
    expect(sample(text, `etf_commands_total{${command},outcome="ok",reason=""}`)).toBe(1);
    expect(sample(text, `etf_commands_total{${command},outcome="rejected",reason="status_400"}`)).toBe(1);
    expect(sample(text, `etf_commands_total{${command},outcome="rejected",reason="invalid_request"}`)).toBe(
      1,
    );
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="POST",route="/api/auth/register",status_code="201"}',
      ),
    ).toBe(1);
    expect(sample(text, 'etf_event_append_duration_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^etf_db_pool_connections\{state="idle"\} \d+/m);
    expect(text).toMatch(/^etf_projection_lag_events\{projection="users"\} \d+/m);
    expect(text).toMatch(/^etf_projection_lag_seconds\{projection="users"\} [\d.]+/m);
  });

  it('refuses a scrape without the token, and never logs scrapes or probes at info', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } }))
        .statusCode,
    ).toBe(401);
    logLines.length = 0;
    for (const url of ['/api/health', '/api/health/live', '/api/health/ready', '/api/users']) {
      await app.inject({ method: 'GET', url });
    }
    await scrape();
    const logged = logLines.map((line) => JSON.parse(line) as { req?: { url?: string } });
    // Other requests still are (the test would pass vacuously if nothing were logged at all).
    expect(logged.some((entry) => entry.req?.url === '/api/users')).toBe(true);
    expect(logged.filter((entry) => /^\/(metrics|api\/health)/.test(entry.req?.url ?? ''))).toEqual([]);
  });
});

describe('GET /metrics without a token', () => {
  it('answers outside production and is absent in production', async () => {
    const dev = await createTestApp({ env: { NODE_ENV: 'development' } });
    const prod = await createTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
    try {
      expect((await dev.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      expect((await prod.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await dev.dispose();
      await prod.dispose();
    }
  }, 60_000);
});

describe('timeAppends', () => {
  it('times ok, conflicting and failing appends and passes everything else through', async () => {
    const metrics = createMetrics({ processMetrics: false });
    let call = 0;
    const store = timeAppends(
      {
        kind: 'memory',
        appendToStream: async () => {
          call += 1;
          if (call === 2) throw new WrongExpectedVersionError('s-1', 0, 1);
          if (call === 3) throw new Error('disk full');
          return { nextExpectedRevision: 0, position: '1' as never };
        },
        comparePositions: (a, b) => a.localeCompare(b),
      } as Partial<EventStore> as EventStore, // only the members this test touches
      metrics,
    );
    await store.appendToStream('s-1', [], { expectedRevision: 'any' });
    await expect(store.appendToStream('s-1', [], { expectedRevision: 0 })).rejects.toThrow(
      WrongExpectedVersionError,
    );
    await expect(store.appendToStream('s-1', [], { expectedRevision: 0 })).rejects.toThrow('disk full');
    expect(store.kind).toBe('memory');
    expect(store.comparePositions('1' as never, '2' as never)).toBeLessThan(0);
    const text = await metrics.registry.metrics();
    for (const outcome of ['ok', 'conflict', 'error']) {
      expect(sample(text, `etf_event_append_duration_seconds_count{outcome="${outcome}"}`), outcome).toBe(1);
    }
  });
});
