import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, trackingClient } from './testing/tracking-test-client';

/*
 * Issue 32's paused-orders rule for the indexes of issue 30: a blend or a custom list reads several ETFs' snapshots,
 * and a held stock's unexplained move is flagged whichever of them prices it — not only the blend's first ETF.
 * DD: $81.47 (Oct 30, 2025) → $38.70 (Nov 18, 2025) = −52.50 %. QQQ does not hold DD; IVV does.
 */
describe.each(await testStores())('Paused orders of a blend and a custom list on %s', (store) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
  }, 180_000);
  afterAll(() => app?.dispose());

  it('flags DD for a QQQ/IVV blend and for a list holding DD, in the detail and the price alerts', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const create = async (index: object) => {
      const response = await investor.call('POST', '/api/trackings', {
        index,
        currentReplication: { targetInvestmentAmount: '10000', investments: [], leftoverAmount: '10000' },
      });
      expect(response.status).toBe(200);
      const { trackingId } = response.body as { trackingId: string };
      // 30 DD is far above DD's share of either index: the orders sell some of it, before and after the move.
      const bought = await investor.execute(trackingId, { symbol: 'DD', shares: '30', orderType: 'BUY' });
      expect(bought.status).toBe(200);
      return trackingId;
    };
    const blend = await create({
      type: 'blend',
      parts: [
        { symbol: 'QQQ', weight: 60 },
        { symbol: 'IVV', weight: 40 },
      ],
    });
    const list = await create({
      type: 'custom',
      holdings: [
        { symbol: 'DD', weight: 5 },
        { symbol: 'AAPL', weight: 95 },
      ],
    });
    const ddOrders = (detail: TrackingDetail) => detail.adjustmentOrders.filter((o) => o.symbol === 'DD');
    for (const trackingId of [blend, list]) {
      const before = await investor.detail(trackingId);
      expect(ddOrders(before)).toHaveLength(1);
      expect(before.pausedOrders).toEqual([]);
    }

    const imported = await app.inject({
      method: 'POST',
      url: '/api/admin/market/import',
      headers: { authorization: `Bearer ${signAdminToken(app, 'paused-index-admin')}` },
      payload: { asOf: '2025-11-18' },
    });
    expect(imported.statusCode).toBe(200);

    for (const trackingId of [blend, list]) {
      const flagged = await investor.detail(trackingId);
      expect(ddOrders(flagged)).toEqual([]);
      expect(flagged.pausedOrders?.[0]).toMatchObject({
        symbol: 'DD',
        orderType: 'SELL',
        flaggedSymbol: 'DD',
        changePercent: '-52.50',
      });
      const alerts = await investor.call('GET', `/api/trackings/${trackingId}/price-alerts`);
      expect(alerts.status).toBe(200);
      const { priceAlerts } = alerts.body as { priceAlerts: { symbol: string }[] };
      expect(priceAlerts.map((alert) => alert.symbol)).toEqual(['DD']);
    }
  }, 120_000); // publishing a day of closes recomputes every tracking: slow on a loaded machine
});
