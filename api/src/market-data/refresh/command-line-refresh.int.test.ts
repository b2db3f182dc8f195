import { randomUUID } from 'node:crypto';
import { parseTickerAliases } from '@etf-replicator/core';
import { marketRefreshRunsPageSchema } from '@etf-replicator/core/contracts/admin';
import { sql } from 'slonik';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { createFmpClient } from '../fmp/fmp-client';
import { createFmpProvider } from '../fmp/fmp-provider';
import { type FixtureServer, startFmpFixtureServer } from '../testing/fmp-fixture-server';
import { refreshFromCommandLine } from './command-line-refresh';
import { claimRefreshRun, finishRefreshRun } from './refresh-runs';

/**
 * `npm run market:refresh` against the FMP stand-in: all or nothing, recorded as a run the admin page lists, and
 * never at the same time as another refresh.
 */
describe.each(await testStores())('The command-line market refresh on %s', (store) => {
  let fmp: FixtureServer;
  let app: TestApp;

  const provider = () =>
    createFmpProvider({
      client: createFmpClient({
        apiKey: 'stand-in-key',
        baseUrl: fmp.baseUrl,
        maxAttempts: 2,
        sleep: async () => undefined,
      }),
      aliases: parseTickerAliases('alias,canonical\n'),
      baseUrl: fmp.baseUrl,
      today: () => '2025-08-18',
    });
  const refresh = (symbols: string[]) =>
    refreshFromCommandLine({ db: app.testDb, eventStore: app.testEventStore, provider: provider(), symbols });
  const lastRun = async () => {
    const token = signAdminToken(app, 'cli-admin');
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/market/refreshes?page=0&size=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return marketRefreshRunsPageSchema.parse(response.json()).content[0];
  };
  const eventCount = () =>
    app.testDb.pool.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from es_events`);
  const snapshots = async (symbol: string) => (await app.testEventStore.readStream(`etf-${symbol}`)).length;

  beforeAll(async () => {
    fmp = await startFmpFixtureServer();
    app = await createTestApp({ store });
  }, 120_000);
  afterAll(async () => {
    await app?.dispose();
    await fmp?.close();
  });
  beforeEach(async () => {
    // Each test refreshes its own symbols (answered with the recorded VOO files): no test sees another's snapshot.
    await app.testDb.pool.query(sql.unsafe`delete from market_refresh_runs`);
    fmp.route('/stable/batch-quote-short', { fixture: 'batch-quote-short.json' });
  });
  const fresh = (count: number) =>
    Array.from({ length: count }, () => {
      const symbol = `T${randomUUID().replaceAll('-', '').slice(0, 4).toUpperCase()}`;
      fmp.route(`/stable/etf/info?symbol=${symbol}`, { fixture: 'etf-info.VOO.json' });
      fmp.route(`/stable/etf/holdings?symbol=${symbol}`, { fixture: 'etf-holdings.VOO.json' });
      return symbol;
    });

  it('publishes every ETF, then nothing when the content is the same, and lists both runs', async () => {
    const symbols = fresh(2);
    const first = await refresh(symbols);
    expect(first.kind).toBe('refreshed');
    expect(first.kind === 'refreshed' && first.results.map((r) => [r.symbol, r.outcome])).toEqual(
      symbols.map((symbol) => [symbol, 'appended']),
    );
    expect(await lastRun()).toMatchObject({
      trigger: 'cli',
      status: 'succeeded',
      outcomes: symbols.map((symbol) => ({ symbol, outcome: 'published' })),
    });

    const again = await refresh(symbols);
    expect(again.kind === 'refreshed' && again.results.map((r) => r.outcome)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    expect(await lastRun()).toMatchObject({
      trigger: 'cli',
      status: 'succeeded',
      outcomes: symbols.map((symbol) => ({ symbol, outcome: 'unchanged' })),
    });
    for (const symbol of symbols) expect(await snapshots(symbol)).toBe(1);
  });

  it('appends nothing when one ETF fails, and the run names the one that did', async () => {
    const [good, bad] = fresh(2) as [string, string];
    fmp.route(`/stable/etf/holdings?symbol=${bad}`, { fixture: 'etf-holdings.malformed.json' });
    const before = await eventCount();
    const result = await refresh([good, bad]);
    expect(result).toMatchObject({ kind: 'failed', symbol: bad });
    expect(await eventCount()).toBe(before);
    expect(await snapshots(good)).toBe(0);
    const run = await lastRun();
    expect(run).toMatchObject({ trigger: 'cli', status: 'failed' });
    expect(run?.outcomes).toEqual([
      {
        symbol: good,
        outcome: 'failed',
        reason: `not published: ${bad} failed, and a command-line refresh publishes all or nothing`,
      },
      { symbol: bad, outcome: 'failed', reason: expect.stringMatching(/unexpected body/) },
    ]);
    expect(JSON.stringify(run)).not.toContain('stand-in-key');
  });

  it('refuses while another refresh runs, appending and recording nothing', async () => {
    const [symbol] = fresh(1) as [string];
    const running = await claimRefreshRun(app.testDb.pool, { trigger: 'admin' });
    expect(running).toEqual(expect.any(String));
    expect(await refresh([symbol])).toEqual({ kind: 'busy' });
    expect(await snapshots(symbol)).toBe(0);
    expect(fmp.requests.filter((request) => request.query.symbol === symbol)).toEqual([]);
    await finishRefreshRun(app.testDb.pool, running as string, []);
    expect(await lastRun()).toMatchObject({ runId: running, trigger: 'admin' });
    expect((await refresh([symbol])).kind).toBe('refreshed');
  });
});
