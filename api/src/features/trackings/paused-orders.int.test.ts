import { dec } from '@etf-replicator/core';
import type { TaxLossHarvestingResponse } from '@etf-replicator/core/contracts/taxes';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, trackingClient } from './testing/tracking-test-client';

/*
 * Issue 32 item 2: a held stock whose price moves more than 50 % with no recorded action is flagged: no orders for
 * it (listed as paused, with the reason), no harvest offered or recorded, until an admin's confirmation explains it.
 * DD: $81.47 (Oct 30, 2025) → $38.70 (Nov 18, 2025) = −52.50 %, DuPont's spin-off of Qnity, which nobody recorded.
 */
describe.each(await testStores())('Orders and harvests of a flagged price move on %s', (store) => {
  let app: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    adminToken = signAdminToken(app, 'paused-admin');
  }, 180_000);
  afterAll(() => app?.dispose());

  const asAdmin = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${adminToken}` }, payload });

  it('pauses and lists the orders of DD, refuses its harvest (409, nothing recorded), and lifts both once an admin confirms the move', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const { trackingId } = (await investor.create('IVV', '10000')).body as { trackingId: string };
    // 30 DD is far above DD's share of a $10,000 IVV copy: the orders sell some of it, before and after the move.
    expect(
      (await investor.execute(trackingId, { symbol: 'DD', shares: '30', orderType: 'BUY' })).status,
    ).toBe(200);
    const ddOrders = (detail: TrackingDetail) => detail.adjustmentOrders.filter((o) => o.symbol === 'DD');
    const before = await investor.detail(trackingId);
    expect(ddOrders(before)).toHaveLength(1);
    expect(before.pausedOrders).toEqual([]);

    const imported = await asAdmin('/api/admin/market/import', { asOf: '2025-11-18' });
    expect(imported.statusCode).toBe(200);

    const url = `/api/trackings/${trackingId}`;
    const flaggedAnswer = await investor.call('GET', url);
    const flagged = flaggedAnswer.body as TrackingDetail;
    const [paused] = flagged.pausedOrders ?? [];
    expect(ddOrders(flagged)).toEqual([]);
    expect(flagged.ordersToReachTarget?.some((o) => o.symbol === 'DD') ?? false).toBe(false);
    // Without DD's proceeds the BUYs they paid for are paused too, naming DD: the rest fits in the cash.
    const others = flagged.pausedOrders?.slice(1) ?? [];
    expect(others.every((order) => order.orderType === 'BUY' && order.flaggedSymbol === 'DD')).toBe(true);
    const value = (order: { symbol: string; shares: string }) =>
      dec(order.shares).mul(dec(flagged.prices[order.symbol] ?? '0'));
    const net = flagged.adjustmentOrders.reduce(
      (cash, order) => (order.orderType === 'SELL' ? cash.add(value(order)) : cash.sub(value(order))),
      dec(flagged.currentReplication.leftoverAmount),
    );
    expect(net.gte(0)).toBe(true);
    expect(paused).toMatchObject({
      symbol: 'DD',
      orderType: 'SELL',
      flaggedSymbol: 'DD',
      changePercent: '-52.50',
      fromDate: '2025-10-30',
      toDate: '2025-11-18',
    });
    expect(paused?.reason).toBe(
      'DD moved −52.50 % between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded split or other corporate action: its orders are paused until an admin records or confirms it',
    );
    // The orders CSV is served from the same record: no DD line.
    const csv = await investor.raw(`/api/trackings/${trackingId}/orders.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(/\bDD\b/);

    // 30 × (81.47 − 38.70) = $1,283.10 of loss, over both thresholds, yet not offered and not recorded.
    const candidates = async () =>
      (
        (await investor.call('GET', `/api/trackings/${trackingId}/tax-loss-harvesting`))
          .body as TaxLossHarvestingResponse
      ).candidates.map((candidate) => candidate.symbol);
    expect(await candidates()).not.toContain('DD');
    const historyLength = async () =>
      ((await investor.history(trackingId)).body as { totalElements: number }).totalElements;
    const actions = await historyLength();
    const harvest = await investor.call('POST', `/api/trackings/${trackingId}/harvest`, {
      symbol: 'DD',
      replacement: 'LIN',
    });
    expect(harvest.status).toBe(409);
    expect((harvest.body as { message: string }).message).toBe(
      'DD moved −52.50 % between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded split or other corporate action: its loss may not be real, so it cannot be harvested until an admin records or confirms it.',
    );
    expect(await historyLength()).toBe(actions);

    // Served again, the detail reads no snapshot (each over a megabyte): the alerts' inputs are cached per ETF.
    const reads = vi.spyOn(app.eventStore, 'readStream');
    expect((await investor.call('GET', url)).status).toBe(200);
    const streams = reads.mock.calls.map(([stream]) => stream);
    reads.mockRestore();
    expect(streams.filter((stream) => stream.startsWith('etf-'))).toEqual([]);

    const etag = String(flaggedAnswer.headers.etag);
    expect((await investor.call('GET', url, undefined, { 'if-none-match': etag })).status).toBe(304);
    const confirmed = await asAdmin('/api/admin/corporate-actions/confirm-price', {
      symbol: 'DD',
      snapshotDate: '2025-11-18',
    });
    expect(confirmed.statusCode).toBe(201);

    // Nothing about the tracking changed but the alert: the version must, or the client keeps the paused view.
    const lifted = await investor.call('GET', url, undefined, { 'if-none-match': etag });
    expect(lifted.status).toBe(200);
    expect(lifted.headers.etag).not.toBe(etag);
    const detail = lifted.body as TrackingDetail;
    expect(detail.pausedOrders).toEqual([]);
    expect(ddOrders(detail)).toEqual([{ symbol: 'DD', orderType: 'SELL', shares: paused?.shares }]);
    expect(await candidates()).toContain('DD');
  });
});
