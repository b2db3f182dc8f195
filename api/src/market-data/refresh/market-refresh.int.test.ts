import { ROLE_USER } from '@etf-replicator/core/contracts/accounts';
import { marketRefreshRunsPageSchema } from '@etf-replicator/core/contracts/admin';
import { RECOMMENDED_ETF_SYMBOLS } from '@etf-replicator/core/market-data/recommended-etfs';
import { sql } from 'slonik';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  seedMarketForTrackings,
  trackingClient,
} from '../../features/trackings/testing/tracking-test-client';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { createBundledProvider } from '../bundled/bundled-provider';
import { type FixtureServer, startFmpFixtureServer } from '../testing/fmp-fixture-server';
import { claimRefreshRun, finishRefreshRun, recordRefreshProgress } from './refresh-runs';
import { runRefresh } from './run-refresh';

const FIRE_AT = new Date('2026-11-24T22:30:00Z');

/**
 * The scheduled refresh against the FMP stand-in (issue 20): a run publishes every recommended ETF, a 429 backs off
 * and succeeds, a malformed answer fails that ETF alone, and two instances on one database run a scheduled run once.
 */
describe.each(await testStores())('Market refresh from FMP on %s', (store) => {
  let fmp: FixtureServer;
  let app: TestApp;
  let second: TestApp;
  let adminToken: string;

  const routeAll = () => {
    // Every ETF answers with the recorded VOO files (the symbol comes from the request).
    for (const symbol of RECOMMENDED_ETF_SYMBOLS) {
      fmp.route(`/stable/etf/info?symbol=${symbol}`, { fixture: 'etf-info.VOO.json' });
      fmp.route(`/stable/etf/holdings?symbol=${symbol}`, { fixture: 'etf-holdings.VOO.json' });
    }
    fmp.route('/stable/batch-quote-short', { fixture: 'batch-quote-short.json' });
  };
  const revisions = async (symbol: string) => (await app.testEventStore.readStream(`etf-${symbol}`)).length;
  const runs = async (token = adminToken, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/admin/market/refreshes${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const startRefresh = (token = adminToken, payload?: object) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/market/refresh',
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const waitForFinished = async () => {
    for (let i = 0; i < 200; i += 1) {
      const page = marketRefreshRunsPageSchema.parse((await runs()).json());
      if (page.content[0] && page.content[0].status !== 'running') return page.content[0];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the refresh did not finish');
  };

  beforeAll(async () => {
    fmp = await startFmpFixtureServer();
    // Catch-up is asked for explicitly below: at start it would race with the tests' own runs.
    const env = { FMP_API_KEY: 'stand-in-key', FMP_BASE_URL: fmp.baseUrl, MARKET_REFRESH_CATCH_UP: 'off' };
    app = await createTestApp({ store, env });
    second = await createTestApp({ store, env, sameDatabaseAs: app });
    await seedMarketForTrackings(app);
    adminToken = signAdminToken(app, 'refresh-admin');
  }, 180_000);
  afterAll(async () => {
    await second?.stop();
    await app?.dispose();
    await fmp?.close();
  });
  beforeEach(async () => {
    fmp.requests.length = 0;
    routeAll();
    await app.testDb.pool.query(sql.unsafe`delete from market_refresh_runs`);
  });

  it('a scheduled run publishes every recommended ETF once, raises drift alerts, and records the run', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const { trackingId } = (await investor.create('VOO', '10000')).body as { trackingId: string };
    expect((await investor.executeSuggested(trackingId)).status).toBe(200);
    const before = await revisions('VOO');

    const runId = await app.marketRefresh.runScheduled(FIRE_AT);
    expect(runId).toEqual(expect.any(String));
    expect(await revisions('VOO')).toBe(before + 1);
    const [latest] = (await app.testEventStore.readStream('etf-VOO')).slice(-1);
    expect(latest?.data).toMatchObject({ source: { provider: 'fmp' } });
    expect(latest?.metadata).toMatchObject({ correlationId: runId });
    // The drift check ran after the refresh: the VOO tracking lost most of its holdings' weight.
    const driftTypes = (await app.testEventStore.readStream(`tracking-${trackingId}`)).map((e) => e.type);
    expect(driftTypes).toContain('DriftAlertRaised');

    const page = marketRefreshRunsPageSchema.parse((await runs()).json());
    expect(page).toMatchObject({ totalElements: 1, provider: 'fmp' });
    expect(page.content[0]).toMatchObject({ runId, trigger: 'schedule', status: 'succeeded' });
    expect(page.content[0]?.outcomes.map((row) => row.symbol)).toEqual([...RECOMMENDED_ETF_SYMBOLS]);
    expect(new Set(page.content[0]?.outcomes.map((row) => row.outcome))).toEqual(new Set(['published']));

    // The same content again: every ETF unchanged, nothing appended.
    await app.marketRefresh.runScheduled(new Date(FIRE_AT.getTime() + 86_400_000));
    expect(await revisions('VOO')).toBe(before + 1);
    const again = marketRefreshRunsPageSchema.parse((await runs()).json());
    expect(new Set(again.content[0]?.outcomes.map((row) => row.outcome))).toEqual(new Set(['unchanged']));
  }, 120_000);

  it('backs off on a 429, honouring Retry-After, then publishes', async () => {
    fmp.route(
      '/stable/etf/holdings?symbol=QQQ',
      { status: 429, fixture: 'error-429.json', headers: { 'retry-after': '1' } },
      { fixture: 'etf-holdings.VOO.json' },
    );
    fmp.route('/stable/batch-quote-short', { body: '[{"symbol":"NVDA","price":181.5,"volume":1}]' });
    const before = await revisions('QQQ');
    const started = Date.now();
    await app.marketRefresh.runScheduled(new Date(FIRE_AT.getTime() + 2 * 86_400_000));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(
      fmp.requests.filter((r) => r.path === '/stable/etf/holdings' && r.query.symbol === 'QQQ'),
    ).toHaveLength(2);
    expect(await revisions('QQQ')).toBe(before + 1);
    const [run] = marketRefreshRunsPageSchema.parse((await runs()).json()).content;
    expect(run?.outcomes.find((row) => row.symbol === 'QQQ')).toEqual({
      symbol: 'QQQ',
      outcome: 'published',
    });
  }, 60_000);

  it('records a malformed answer as that ETF failing, which keeps its previous snapshot', async () => {
    fmp.route('/stable/etf/holdings?symbol=IWM', { fixture: 'etf-holdings.malformed.json' });
    fmp.route('/stable/batch-quote-short', { body: '[{"symbol":"NVDA","price":182.25,"volume":1}]' });
    const iwm = await revisions('IWM');
    const voo = await revisions('VOO');
    await app.marketRefresh.runScheduled(new Date(FIRE_AT.getTime() + 3 * 86_400_000));
    expect(await revisions('IWM')).toBe(iwm);
    expect(await revisions('VOO')).toBe(voo + 1);
    const [run] = marketRefreshRunsPageSchema.parse((await runs()).json()).content;
    expect(run?.status).toBe('partial');
    expect(run?.outcomes.find((row) => row.symbol === 'IWM')).toEqual({
      symbol: 'IWM',
      outcome: 'failed',
      reason: expect.stringMatching(
        /etf\/holdings\?symbol=IWM returned an unexpected body: 0\.weightPercentage/,
      ),
    });
    expect(JSON.stringify(run)).not.toContain('stand-in-key');
  });

  it('runs a scheduled run once when two instances share the database', async () => {
    fmp.route('/stable/batch-quote-short', { body: '[{"symbol":"NVDA","price":183,"volume":1}]' });
    const before = await Promise.all(RECOMMENDED_ETF_SYMBOLS.map(revisions));
    const fireAt = new Date(FIRE_AT.getTime() + 4 * 86_400_000);
    const claimed = await Promise.all([
      app.marketRefresh.runScheduled(fireAt),
      second.marketRefresh.runScheduled(fireAt),
    ]);
    expect(claimed.filter((runId) => runId !== undefined)).toHaveLength(1);
    const after = await Promise.all(RECOMMENDED_ETF_SYMBOLS.map(revisions));
    expect(after).toEqual(before.map((count) => count + 1));
    expect(fmp.requests.filter((r) => r.path === '/stable/etf/info')).toHaveLength(
      RECOMMENDED_ETF_SYMBOLS.length,
    );
    const rows = await app.testDb.pool.oneFirst(
      sql.type(z.object({ n: z.number() }))`select count(*)::int as n from market_refresh_runs`,
    );
    expect(rows).toBe(1);
  }, 60_000);

  it('takes over from a run whose instance died (its lease ran out), marking it abandoned', async () => {
    await app.testDb.pool.query(sql.unsafe`
      insert into market_refresh_runs (run_id, slot, trigger, status, started_at, lease_until)
      values ('dead-run', 'manual:dead-run', 'admin', 'running', now() - interval '1 hour', now() - interval '1 minute')`);
    const runId = await app.marketRefresh.runScheduled(new Date(FIRE_AT.getTime() + 5 * 86_400_000));
    expect(runId).toEqual(expect.any(String));
    const page = marketRefreshRunsPageSchema.parse((await runs()).json());
    expect(page.content.map((run) => [run.runId, run.status])).toEqual([
      [runId, 'succeeded'],
      ['dead-run', 'abandoned'],
    ]);
  }, 60_000);

  it('fences a run paused past its lease: it writes nothing more, publishes nothing more, and stays abandoned', async () => {
    const pool = app.testDb.pool;
    const paused = await claimRefreshRun(pool, { trigger: 'admin' });
    if (!paused) throw new Error('claim expected');
    await pool.query(sql.unsafe`
      update market_refresh_runs set lease_until = now() - interval '1 second' where run_id = ${paused}`);
    const takeover = await claimRefreshRun(pool, { trigger: 'admin' });
    expect(takeover).toEqual(expect.any(String));
    // The paused run wakes up: every write it tries is refused.
    expect(await recordRefreshProgress(pool, paused, [])).toBe(false);
    const bundled = createBundledProvider();
    let fetched = 0;
    const counting = {
      ...bundled,
      fetchSnapshot: (symbol: string) => {
        fetched += 1;
        return bundled.fetchSnapshot(symbol);
      },
    };
    const result = await runRefresh({
      db: app.db,
      eventStore: app.eventStore,
      provider: counting,
      symbols: ['QQQ', 'VOO', 'DIA'],
      runId: paused,
    });
    expect(result.fenced).toBe(true);
    expect(fetched).toBe(1);
    expect(await finishRefreshRun(pool, paused, result.outcomes)).toBe(false);
    const status = (runId: string) =>
      pool.oneFirst(sql.type(z.object({ status: z.string() }))`
        select status from market_refresh_runs where run_id = ${runId}`);
    expect(await status(paused)).toBe('abandoned');
    expect(await finishRefreshRun(pool, takeover as string, [])).toBe(true);
    expect(await status(takeover as string)).toBe('succeeded');
  }, 60_000);

  it('runs the latest scheduled run that no instance ran (all were down) once, when asked at start', async () => {
    const first = await app.marketRefresh.catchUpMissed();
    expect(first).toEqual(expect.any(String));
    expect(await second.marketRefresh.catchUpMissed()).toBeUndefined();
    const slots = await app.testDb.pool.anyFirst(sql.type(z.object({ slot: z.string() }))`
      select slot from market_refresh_runs`);
    expect(slots).toHaveLength(1);
    expect(slots[0]).toMatch(/^schedule:/);
    expect(new Date((slots[0] as string).slice('schedule:'.length)).getTime()).toBeLessThanOrEqual(
      Date.now(),
    );
  }, 60_000);

  describe('admin routes', () => {
    it('starts a refresh (202), answers 409 while it runs, and lists it when done', async () => {
      // The provider holds its first answer until the second start was tried: the first run is busy till then.
      let release = () => {};
      const heldUntil = new Promise<void>((resolve) => {
        release = resolve;
      });
      fmp.route(
        '/stable/etf/info?symbol=VOO',
        { heldUntil, fixture: 'etf-info.VOO.json' },
        { fixture: 'etf-info.VOO.json' },
      );
      const response = await startRefresh(adminToken, {});
      expect(response.statusCode).toBe(202);
      const { runId } = response.json() as { runId: string };
      const busy = await second
        .inject({
          method: 'POST',
          url: '/api/admin/market/refresh',
          headers: { authorization: `Bearer ${adminToken}` },
        })
        .finally(release);
      expect([busy.statusCode, busy.json()]).toEqual([
        409,
        { message: 'A market-data refresh is already running; wait for it to finish.' },
      ]);
      const run = await waitForFinished();
      expect(run).toMatchObject({ runId, trigger: 'admin' });
      expect(run.outcomes).toHaveLength(RECOMMENDED_ETF_SYMBOLS.length);
      const paged = marketRefreshRunsPageSchema.parse((await runs(adminToken, '?page=1&size=1')).json());
      expect(paged).toMatchObject({ content: [], totalElements: 1, page: 1, size: 1 });
    }, 60_000);

    it('refuses bad input with 400 and a non-admin with 403', async () => {
      expect((await startRefresh(adminToken, { symbols: ['VOO'] })).statusCode).toBe(400);
      expect((await runs(adminToken, '?page=-1')).statusCode).toBe(400);
      expect((await runs(adminToken, '?size=1000')).statusCode).toBe(400);
      expect((await runs(adminToken, '?sort=x')).statusCode).toBe(400);
      const userToken = app.signAccessToken({
        sub: 'refresh-user@example.com',
        userId: 'refresh-user',
        roles: [{ authority: ROLE_USER }],
      });
      expect((await startRefresh(userToken)).statusCode).toBe(403);
      expect((await runs(userToken)).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/admin/market/refreshes' })).statusCode).toBe(401);
    });
  });
});

describe('Market refresh without FMP_API_KEY', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({});
  });
  afterAll(() => app?.dispose());

  it('says the provider is missing instead of starting, and schedules nothing', async () => {
    const adminToken = signAdminToken(app, 'a');
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/market/refresh',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect([response.statusCode, response.body]).toEqual([503, expect.any(String)]);
    expect(response.json()).toEqual({ message: expect.stringContaining('set FMP_API_KEY') });
    const page = marketRefreshRunsPageSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/admin/market/refreshes',
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).json(),
    );
    expect(page).toMatchObject({ content: [], provider: 'none', nextScheduledAt: null });
    expect(await app.marketRefresh.runScheduled(new Date())).toBeUndefined();
  });
});
