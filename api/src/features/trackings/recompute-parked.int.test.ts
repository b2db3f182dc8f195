import { dec } from '@etf-replicator/core';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBundledProvider } from '../../market-data/bundled/bundled-provider';
import { publishSnapshot } from '../../market-data/publish-snapshot';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

const snapshotOf = z.object({ snapshot_event_id: z.string().nullable() });
const stateOf = z.object({ state: z.unknown() });

/**
 * Issue 27 item 7: the recompute queue runs in symbol order; an ETF whose recompute throws (here DIA, whose stored
 * tracking state is unreadable) used to abort the run, so QQQ after it stayed stale forever. Now DIA is parked with
 * its error (health, admin page), QQQ is recomputed, and an admin's retry after the fix clears DIA.
 */
describe.each(await testStores())('A recompute that fails for one ETF (issue 27) on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let dia: string;
  let qqq: string;
  let admin: string;
  let goodState: unknown;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const viewSnapshot = async (trackingId: string) =>
    (
      await app.testDb.pool.one(sql.type(snapshotOf)`
        select snapshot_event_id from tracking_detail where tracking_id = ${trackingId}`)
    ).snapshot_event_id;
  const latestSnapshot = (symbol: string) =>
    app.testDb.pool.oneFirst(sql.type(z.object({ event_id: z.string() }))`
      select event_id from tracking_etf_snapshots where symbol = ${symbol}`);
  /** A later snapshot of the ETF, prices 5 % lower. */
  const publishLower = async (symbol: string) => {
    const content = await createBundledProvider().fetchSnapshot(symbol);
    const moved = {
      ...content,
      holdings: content.holdings.map((h) =>
        h.price ? { ...h, price: dec(h.price).mul('0.95').toFixed(2) } : h,
      ),
    };
    return publishSnapshot(app.testEventStore, moved, { replaceOtherSources: true });
  };

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    dia = ((await ann.create('DIA', '5000')).body as { trackingId: string }).trackingId;
    qqq = ((await ann.create('QQQ', '5000')).body as { trackingId: string }).trackingId;
    admin = signAdminToken(app, 'admin-27', 'root@example.com');
    goodState = (
      await app.testDb.pool.one(
        sql.type(stateOf)`select state from tracking_detail where tracking_id = ${dia}`,
      )
    ).state;
    await app.testDb.pool.query(sql.unsafe`
      update tracking_detail set state = '{"unreadable": true}'::jsonb where tracking_id = ${dia}`);
    await publishLower('DIA');
    const last = await publishLower('QQQ');
    await app.projections.waitForPosition(last.position as never, { timeoutMs: 60_000 });
  }, 180_000);
  afterAll(() => app.dispose());

  it('recomputes the ETFs after the failing one', async () => {
    const latest = await latestSnapshot('QQQ');
    await expect.poll(() => viewSnapshot(qqq), { timeout: 60_000, interval: 50 }).toBe(latest);
  });

  it('parks the failing ETF with its error, in health and on the admin page', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    const body = health.json() as { status: string; recomputeFailures: { symbol: string; error: string }[] };
    expect(body.status).toBe('degraded');
    expect(body.recomputeFailures.map((failure) => failure.symbol)).toEqual(['DIA']);
    const listed = await app.inject({
      method: 'GET',
      url: '/api/admin/projection-failures',
      headers: as(admin),
    });
    const recomputes = (listed.json() as { recomputes: { symbol: string; error: string }[] }).recomputes;
    expect(recomputes).toHaveLength(1);
    expect(recomputes[0]?.symbol).toBe('DIA');
    expect(recomputes[0]?.error.length).toBeGreaterThan(0);
  });

  it("lets an admin retry once fixed: the ETF's trackings follow its latest snapshot and health is ok", async () => {
    await app.testDb.pool.query(sql.unsafe`
      update tracking_detail set state = ${JSON.stringify(goodState)}::jsonb where tracking_id = ${dia}`);
    const retried = await app.inject({
      method: 'POST',
      url: '/api/admin/projection-failures/recompute/retry',
      headers: as(admin),
      payload: { symbol: 'DIA' },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ derived: 1, error: null });
    expect(await viewSnapshot(dia)).toBe(await latestSnapshot('DIA'));
    const health = (await app.inject({ method: 'GET', url: '/api/health' })).json() as {
      recomputeFailures: unknown[];
    };
    expect(health.recomputeFailures).toEqual([]);
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/projection-failures/recompute/retry',
      headers: as(admin),
      payload: { symbol: 'DIA' },
    });
    expect(again.statusCode).toBe(404);
  });
});
