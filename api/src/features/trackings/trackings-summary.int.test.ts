import type { TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { getTrackingsSummary } from '@etf-replicator/projections/trackings/queries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

/**
 * GET /api/trackings/trackings-summary keeps each list's JSON per version (trackings-summary-reader.ts): a write by
 * this process or by another instance on the same database shows on the very next read, and every answer is the
 * list the read model holds at that moment.
 */
describe.each(await testStores())('The trackings summary on %s', (store) => {
  let app: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    other = await createTestApp({ sameDatabaseAs: app });
  }, 120_000);
  afterAll(async () => {
    await other?.dispose();
    await app?.dispose();
  });

  const summaryOf = async (investor: TrackingClient, extra: Record<string, string> = {}) => {
    const response = await investor.call('GET', '/api/trackings/trackings-summary', undefined, extra);
    return { ...response, body: response.body as TrackingSummary[] };
  };
  /** What the read model holds now, read without the route's kept answers. */
  const stored = async (investor: TrackingClient) =>
    JSON.parse(JSON.stringify((await getTrackingsSummary(app.testDb.pool, investor.userId)).trackings));
  const buyOne = { symbol: 'AAPL', shares: '1', orderType: 'BUY' as const };
  const created = async (investor: TrackingClient, symbol: string, amount: string) => {
    const response = await investor.create(symbol, amount);
    expect(response.status).toBe(200);
    return (response.body as { trackingId: string }).trackingId;
  };

  it('shows a write on the next read, whether this process or another instance made it', async () => {
    const here = await trackingClient(app, { plan: 'PRO' });
    const there = await trackingClient(other, { userId: here.userId, plan: 'PRO' });
    const first = await created(here, 'QQQ', '10000');

    const read = await summaryOf(here);
    expect(read.body).toEqual([expect.objectContaining({ trackingId: first, leftoverAmount: '10000.00' })]);
    const again = await summaryOf(here);
    expect(again.body).toEqual(read.body);
    expect(again.headers.etag).toBe(read.headers.etag);
    expect((await summaryOf(there)).body).toEqual(read.body); // the other instance keeps its answer too

    // This process's own command.
    expect((await here.execute(first, buyOne)).status).toBe(200);
    const afterOwn = await summaryOf(here);
    expect(afterOwn.body).toEqual(await stored(here));
    expect(afterOwn.body[0]?.leftoverAmount).not.toBe('10000.00');
    expect(afterOwn.headers.etag).not.toBe(read.headers.etag);
    // ...which the other instance, holding the older answer, shows on its next read as well.
    expect((await summaryOf(there)).body).toEqual(afterOwn.body);

    // The other instance's commands: an order, a new tracking, a deletion.
    expect((await there.execute(first, buyOne)).status).toBe(200);
    const afterOrder = await summaryOf(here);
    expect(afterOrder.body).toEqual(await stored(here));
    expect(afterOrder.body).not.toEqual(afterOwn.body);
    const second = await created(there, 'VOO', '5000');
    expect((await summaryOf(here)).body.map((row) => row.trackingId)).toEqual([first, second]);
    expect((await there.call('DELETE', `/api/trackings/${first}`)).status).toBe(204);
    const afterDelete = await summaryOf(here);
    expect(afterDelete.body.map((row) => row.trackingId)).toEqual([second]);
    expect(afterDelete.body).toEqual(await stored(here));
  });

  it('answers 304 to the current ETag, and the new list once it changed', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const trackingId = await created(investor, 'QQQ', '20000');
    const read = await summaryOf(investor);
    const etag = String(read.headers.etag);
    expect((await summaryOf(investor, { 'if-none-match': etag })).status).toBe(304);
    expect((await investor.execute(trackingId, buyOne)).status).toBe(200);
    const changed = await summaryOf(investor, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toEqual(await stored(investor));
  });

  it('gives each of many investors reading at once their own list, and an empty one to an investor without', async () => {
    const investors = await Promise.all(
      Array.from({ length: 6 }, () => trackingClient(app, { plan: 'PRO' })),
    );
    await Promise.all(
      investors.slice(1).map((investor, i) => created(investor, 'QQQ', String(1000 * (i + 2)))),
    );
    const reads = await Promise.all(
      [1, 2, 3].flatMap(() =>
        investors.map(async (investor) => ({ investor, read: await summaryOf(investor) })),
      ),
    );
    for (const { investor, read } of reads) {
      expect(read.status).toBe(200);
      expect(read.body).toEqual(await stored(investor));
    }
    expect(reads.filter(({ investor }) => investor === investors[0]).map(({ read }) => read.body)).toEqual([
      [],
      [],
      [],
    ]);
  });
});
