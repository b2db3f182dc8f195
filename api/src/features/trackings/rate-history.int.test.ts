import { dec } from '@etf-replicator/core';
import type { TaxLossHarvestingResponse } from '@etf-replicator/core/contracts/taxes';
import type { RateHistory, TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundledMarketData } from '../../market-data/import-bundled';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { checkDriftAfterSnapshots } from '../../trackings/drift-after-snapshots';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

describe.each(await testStores())('GET /api/trackings/{id}/rate-history on %s', (store) => {
  let app: TestApp;
  let investor: TrackingClient;
  let trackingId: string;
  const rateHistory = async (client: TrackingClient = investor) =>
    client.call('GET', `/api/trackings/${trackingId}/rate-history`);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    investor = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await investor.create('QQQ', '5000')).body as { trackingId: string }).trackingId;
    const detail = await investor.detail(trackingId);
    for (const order of detail.adjustmentOrders.slice(0, 3)) {
      await investor.execute(trackingId, { symbol: order.symbol, shares: order.shares, orderType: 'BUY' });
    }
    await investor.call('POST', '/api/replication/add-investment', { trackingId, amount: '1000' });
    const history = (await investor.history(trackingId)).body as {
      content: { id: string; actionType: string }[];
    };
    const lastOrder = history.content.find((entry) => entry.actionType === 'EXECUTE_ORDER');
    await investor.revert(trackingId, lastOrder?.id ?? '');
  }, 120_000);
  afterAll(() => app?.dispose());

  it('answers one point per event, from the empty tracking to today’s rate, in one request', async () => {
    const response = await rateHistory();
    expect(response.status).toBe(200);
    const { points, truncated } = response.body as RateHistory;
    expect(truncated).toBe(false);
    expect(points.map((point) => point.eventType)).toEqual([
      'TrackingCreated',
      'OrderExecuted',
      'OrderExecuted',
      'OrderExecuted',
      'TargetRaised',
      'ActionReverted',
    ]);
    expect(points.map((point) => point.revision)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(points[0]?.rate).toBe('0');
    const rates = points.map((point) => Number(point.rate));
    expect(rates[3]).toBeGreaterThan(rates[1] as number);
    const detail: TrackingDetail = await investor.detail(trackingId);
    expect(points.at(-1)?.rate).toBe(detail.replicationRate);
  });

  it('marks the snapshots published since the tracking began and its drift alerts', async () => {
    const iwm = ((await investor.create('IWM', '10000')).body as { trackingId: string }).trackingId;
    expect((await investor.executeSuggested(iwm)).status).toBe(200);
    const before = (await investor.call('GET', `/api/trackings/${iwm}/rate-history`)).body as RateHistory;
    expect(before.snapshots).toEqual([]);
    expect(before.alerts).toEqual([]);

    const summary = await importBundledMarketData({
      db: app.testDb,
      eventStore: app.testEventStore,
      asOf: '2026-05-05',
    });
    expect(await checkDriftAfterSnapshots(app, summary.snapshots)).toBeGreaterThanOrEqual(1);
    const after = (await investor.call('GET', `/api/trackings/${iwm}/rate-history`)).body as RateHistory;
    expect(after.snapshots).toEqual([
      { publishedAt: expect.any(String), asOf: expect.any(String), provider: 'bundled' },
    ]);
    expect(after.alerts).toEqual([
      {
        id: expect.any(String),
        raisedAt: expect.any(String),
        referenceRate: expect.any(String),
        currentRate: expect.any(String),
      },
    ]);
    expect(Number(after.alerts[0]?.currentRate)).toBeLessThan(Number(after.alerts[0]?.referenceRate));
    expect(Date.parse(after.alerts[0]?.raisedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(after.snapshots[0]?.publishedAt ?? ''),
    );
  }, 120_000);

  it("counts a harvest's replacement as the dashboard does: the last point is the dashboard's rates", async () => {
    // An investor of their own: another tracking's buys of the stock would block the harvest (wash sale).
    const harvester = await trackingClient(app, { plan: 'PRO' });
    const qqq = ((await harvester.create('QQQ', '20000')).body as { trackingId: string }).trackingId;
    const url = (path: string) => `/api/trackings/${qqq}/${path}`;
    const detail = await harvester.detail(qqq);
    const [first, ...rest] = detail.adjustmentOrders;
    if (!first) throw new Error('QQQ $20,000 suggests orders');
    // The first order filled at twice today's price (a loss to harvest), then the rest at today's prices.
    const price = dec(detail.prices[first.symbol] as string)
      .mul(2)
      .toFixed();
    const filled = { ...first, orderType: 'BUY', price };
    expect((await harvester.call('POST', url('applyAdjustmentOrders'), filled)).status).toBe(200);
    expect((await harvester.call('POST', url('applyAdjustmentOrders'), rest)).status).toBe(200);
    const listed = (await harvester.call('GET', url('tax-loss-harvesting')))
      .body as TaxLossHarvestingResponse;
    const replacement = listed.candidates[0]?.replacements[0]?.symbol;
    if (!replacement) throw new Error(`${first.symbol} has a replacement`);
    const body = { symbol: first.symbol, replacement };
    expect((await harvester.call('POST', url('harvest'), body)).status).toBe(200);

    const harvested: TrackingDetail = await harvester.detail(qqq);
    const { points } = (await harvester.call('GET', url('rate-history'))).body as RateHistory;
    expect(points.at(-1)?.eventType).toBe('HarvestRecorded');
    expect(points.at(-1)?.rate).toBe(harvested.replicationRate);
    expect(points.at(-1)?.etfRate).toBe(harvested.etfReplicationRate);
  }, 60_000);

  it("keeps another investor's tracking invisible", async () => {
    const stranger = await trackingClient(app, { plan: 'PRO' });
    expect((await rateHistory(stranger)).status).toBe(404);
  });
});
