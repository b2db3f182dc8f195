import { dec } from '@etf-replicator/core';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBundledProvider } from '../../market-data/bundled/bundled-provider';
import { publishSnapshot } from '../../market-data/publish-snapshot';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedMarketForTrackings, trackingClient } from './testing/tracking-test-client';

describe('Trackings when a new ETF snapshot arrives', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await seedMarketForTrackings(app);
  }, 120_000);
  afterAll(() => app?.dispose());

  it('revalues positions at the new prices and, with auto-tracking on, moves the target amount with them', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const { trackingId } = (await investor.create('QQQ', '10000')).body as { trackingId: string };
    await investor.execute(trackingId, { symbol: 'AAPL', shares: '10', orderType: 'BUY' });
    await investor.call('POST', `/api/trackings/${trackingId}/toggleAutoTrackingTargetAmount`);
    const before = await investor.detail(trackingId);
    const oldPrice = dec(before.prices.AAPL as string);

    const content = await createBundledProvider().fetchSnapshot('QQQ');
    const doubled = {
      ...content,
      holdings: content.holdings.map((h) =>
        h.symbol === 'AAPL' && h.price ? { ...h, price: dec(h.price).mul(2).toFixed() } : h,
      ),
    };
    const published = await publishSnapshot(app.testEventStore, doubled, { replaceOtherSources: true });
    expect(published.position).toBeDefined();
    expect(await app.projections.waitForPosition(published.position as never, { timeoutMs: 25_000 })).toBe(
      true,
    );

    const after: TrackingDetail = await investor.detail(trackingId);
    expect(dec(after.prices.AAPL as string).toFixed()).toBe(oldPrice.mul(2).toFixed());
    const aapl = after.currentReplication.investments.find((line) => line.symbol === 'AAPL');
    expect(dec(aapl?.amountInvested ?? '0').toFixed(2)).toBe(oldPrice.mul(20).toFixed(2));
    const gain = oldPrice.mul(10);
    expect(dec(after.currentReplication.targetInvestmentAmount).toFixed(2)).toBe(
      dec(before.currentReplication.targetInvestmentAmount).add(gain).toFixed(2),
    );
    expect(after.targetReplication).not.toEqual(before.targetReplication);
  });
});
