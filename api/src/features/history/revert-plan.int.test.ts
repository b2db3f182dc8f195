import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../trackings/testing/tracking-test-client';

/**
 * Issue 27 item 4 through HTTP: PRO excludes 3 stocks, takes them back in, downgrades to Free, then reverts the
 * include. Free may hold one excluded stock: the revert is refused (409) with the reason, and nothing is recorded.
 */
describe.each(await testStores())('A revert after a downgrade (issue 27) on %s', (store) => {
  let app: TestApp;
  let pro: TrackingClient;
  let trackingId: string;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    pro = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await pro.create('QQQ', '10000')).body as { trackingId: string }).trackingId;
  }, 120_000);
  afterAll(() => app.dispose());

  it('refuses to restore exclusions the Free plan does not allow', async () => {
    const url = `/api/trackings/${trackingId}/exclusions`;
    const symbols = ['AAPL', 'MSFT', 'NVDA'];
    expect((await pro.call('POST', url, { symbols, mode: 'sell' })).status).toBe(200);
    expect((await pro.call('DELETE', url, { symbols })).status).toBe(200);
    const entries = ((await pro.history(trackingId)).body as { content: HistoryEntry[] }).content;
    const include = entries.find((entry) => entry.actionType === 'INCLUDE_HOLDINGS');
    expect(include).toBeDefined();

    const free = await trackingClient(app, { userId: pro.userId }); // no plan claim: Free
    const before = ((await free.history(trackingId)).body as { totalElements: number }).totalElements;
    const refused = await free.revert(trackingId, include?.id as string);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(
      'This revert would restore 3 excluded stocks, and the Free plan allows one excluded stock and no excluded sectors. Upgrade your plan to revert it, or change the exclusions instead.',
    );
    expect(((await free.history(trackingId)).body as { totalElements: number }).totalElements).toBe(before);
  });
});
