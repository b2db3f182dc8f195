import { randomUUID } from 'node:crypto';
import { dec } from '@etf-replicator/core';
import type { PortfolioResponse } from '@etf-replicator/core/contracts/portfolio';
import type { LotsResponse } from '@etf-replicator/core/contracts/taxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { trackingCreatedOct29 } from '../trackings/testing/backdated-tracking';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../trackings/testing/tracking-test-client';

/**
 * Issue 32 through the portfolio (issue 29): a netted BUY recorded with a fill dated before the bundled NFLX 10-for-1
 * (effective 2025-11-17, recorded when the market data is seeded) follows the split in the same all-or-nothing
 * append, as it does on the tracking's own route.
 */
describe.each(await testStores())('A backdated netted BUY after a recorded split on %s', (store) => {
  let app: TestApp;
  let bea: TrackingClient;
  /** Created on Oct 29, 2025 (appended as recorded then), so fills may be dated Oct 30. */
  let trackingId: string;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    bea = await trackingClient(app, { plan: 'PRO' });
    trackingId = await trackingCreatedOct29(app, bea.userId, { symbol: 'QQQ' });
  }, 180_000);
  afterAll(() => app?.dispose());

  it('records n NFLX @ $1,089.00 dated Oct 30 as 10n @ $108.90 with the same basis, in one answer', async () => {
    const portfolio = (await bea.call('GET', '/api/portfolio')).body as PortfolioResponse;
    const nflx = portfolio.orders.find((order) => order.symbol === 'NFLX');
    expect(nflx?.orderType).toBe('BUY');
    const bought = dec(nflx?.shares ?? '0');
    expect(bought.gt(0)).toBe(true);
    const answer = await bea.call(
      'POST',
      '/api/portfolio/orders',
      {
        orders: [
          {
            symbol: 'NFLX',
            orderType: 'BUY',
            shares: bought.toFixed(),
            price: '1089',
            executedAt: '2025-10-30',
          },
        ],
      },
      { 'if-match': `"p${portfolio.revision}"`, 'idempotency-key': randomUUID() },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // n × 10 shares at 1,089.00 ÷ 10 = 108.90; basis n × 1,089.00 either way; the fill date is kept.
    const lots = (
      (await bea.call('GET', `/api/trackings/${trackingId}/lots`)).body as LotsResponse
    ).holdings.find((holding) => holding.symbol === 'NFLX');
    expect(lots?.lots.map((lot) => [lot.shares, lot.costPerShare, lot.acquiredAt.slice(0, 10)])).toEqual([
      [bought.mul(10).toFixed(), '108.9', '2025-10-30'],
    ]);
    expect(lots?.costBasis).toBe(bought.mul(1089).toFixed());
  });
});
