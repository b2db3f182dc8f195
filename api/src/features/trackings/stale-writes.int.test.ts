import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

/** Issue 21 (7): two windows, or a click again after a timeout, must not record one order twice. */
describe('Tracking commands on a stale picture of the tracking', () => {
  let app: TestApp;
  let investor: TrackingClient;
  let trackingId: string;
  const buy = { symbol: 'AAPL', shares: '1', orderType: 'BUY' };
  const execute = (ifMatch: string | undefined, body: object = buy) =>
    investor.call(
      'POST',
      `/api/trackings/${trackingId}/applyAdjustmentOrders`,
      body,
      ifMatch === undefined ? {} : { 'if-match': ifMatch },
    );
  const orders = async () =>
    ((await investor.history(trackingId)).body as { content: { actionType: string }[] }).content.filter(
      (entry) => entry.actionType === 'EXECUTE_ORDER',
    ).length;

  beforeAll(async () => {
    app = await createTestApp();
    await seedMarketForTrackings(app);
    investor = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await investor.create('QQQ', '10000')).body as { trackingId: string }).trackingId;
  }, 120_000);
  afterAll(() => app?.dispose());

  it('names the revision in the detail and at the head of its ETag', async () => {
    const response = await investor.call('GET', `/api/trackings/${trackingId}`);
    expect((response.body as TrackingDetail).revision).toBe(0);
    expect(response.headers.etag).toMatch(/^"r0-[\w-]{22}"$/);
  });

  it('records a command whose If-Match names the latest revision, and answers the next one', async () => {
    const first = await execute('"r0"');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ revision: 1 });
    expect((await investor.detail(trackingId)).revision).toBe(1);
    expect(await orders()).toBe(1);
  });

  it('refuses the same order sent from a window that still shows revision 0, recording nothing', async () => {
    const etag = '"r0-AAAAAAAAAAAAAAAAAAAAAA"';
    for (const ifMatch of ['"r0"', etag]) {
      const stale = await execute(ifMatch);
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ message: trackingMessages.changedElsewhere });
    }
    expect(await orders()).toBe(1);
    const revert = await investor.call(
      'POST',
      `/api/history/${trackingId}/revert`,
      { actionId: 'whatever' },
      { 'if-match': '"r0"' },
    );
    expect(revert.status).toBe(409);
    const raise = await investor.call(
      'POST',
      '/api/replication/add-investment',
      { trackingId, amount: '100' },
      { 'if-match': '"r0"' },
    );
    expect(raise.status).toBe(409);
  });

  it('acts on the latest revision, and without If-Match as before', async () => {
    expect((await execute('"r1"')).status).toBe(200);
    expect((await execute(undefined)).status).toBe(200);
    expect((await execute('*')).status).toBe(200);
    expect(await orders()).toBe(4);
  });

  it('answers 400 to an If-Match that names no revision', async () => {
    for (const ifMatch of ['r1', '"1"', '"abc"', '"r-1"']) {
      const response = await execute(ifMatch);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: expect.stringMatching(/^Invalid If-Match header/) });
    }
  });

  it('answers its owner 409, not "not found", when another instance appended meanwhile (issue 27 item 2)', async () => {
    // A second instance on the same database: its commands do not pass through this instance's tracking cache.
    const other = await createTestApp({ sameDatabaseAs: app });
    try {
      const seen = (await investor.detail(trackingId)).revision ?? -1;
      // Warm this instance's cache at `seen`, then let the other instance move the stream past it.
      expect((await execute(undefined, { symbol: 'MSFT', shares: '1', orderType: 'BUY' })).status).toBe(200);
      const latest = (await investor.detail(trackingId)).revision ?? -1;
      const elsewhere = await trackingClient(other, { userId: investor.userId, plan: 'PRO' });
      const moved = await elsewhere.execute(trackingId, { symbol: 'NVDA', shares: '1', orderType: 'BUY' });
      expect(moved.status).toBe(200);
      expect(seen).toBeLessThan(latest);
      // The owner acts on the revision this instance last knew: the append loses, and the answer must be 409.
      const stale = await execute(`"r${latest}"`);
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ message: trackingMessages.changedElsewhere });
      // The cache was refreshed from the log: the next command on the latest revision is recorded.
      const fresh = (await investor.detail(trackingId)).revision;
      expect((await execute(`"r${fresh}"`)).status).toBe(200);
    } finally {
      await other.stop();
    }
  });

  it("keeps someone else's tracking invisible whatever revision is named", async () => {
    const stranger = await trackingClient(app, { plan: 'PRO' });
    const response = await stranger.call('POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, buy, {
      'if-match': '"r0"',
    });
    expect(response.status).toBe(404);
  });

  it('refuses unknown keys in command bodies instead of ignoring them', async () => {
    const before = await orders();
    const cases: [string, string, object][] = [
      ['/api/replication/add-investment', 'buyonly', { trackingId, amount: '100', buyonly: true }],
      [`/api/trackings/${trackingId}/applyAdjustmentOrders`, 'fee', { ...buy, fee: '1' }],
      [`/api/trackings/${trackingId}/applyAdjustmentOrders`, 'fee', [{ ...buy, fee: '1' }]],
      [`/api/history/${trackingId}/revert`, 'force', { actionId: 'a', force: true }],
      [
        '/api/trackings',
        'plan',
        { symbol: 'QQQ', currentReplication: { targetInvestmentAmount: '10', investments: [] }, plan: 'PRO' },
      ],
    ];
    for (const [url, key, body] of cases) {
      const response = await investor.call('POST', url, body);
      expect(response.status, url).toBe(400);
      expect((response.body as { message: string }).message, url).toContain(key);
    }
    expect(await orders()).toBe(before);
  });
});
