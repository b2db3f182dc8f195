import type { ExclusionsPreview } from '@etf-replicator/core/contracts/exclusions';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

const IT = 'Information Technology';
type History = {
  content: { id: string; actionType: string; details: Record<string, unknown>; revertible: boolean }[];
};

/** Issue 17: exclusions by stock and sector (POST/DELETE /api/trackings/{id}/exclusions, the preview). */
describe.each(await testStores())('Exclusions on %s', (store) => {
  let app: TestApp;
  let investor: TrackingClient;
  let trackingId: string;
  const url = () => `/api/trackings/${trackingId}/exclusions`;
  const exclude = (body: object, headers: Record<string, string> = {}) =>
    investor.call('POST', url(), body, headers);
  const include = (body: object) => investor.call('DELETE', url(), body);
  const streamLength = async (id = trackingId) =>
    (await app.testEventStore.readStream(`tracking-${id}`)).length;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    investor = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await investor.create('QQQ', '10000')).body as { trackingId: string }).trackingId;
    expect(
      (await investor.execute(trackingId, { symbol: 'NVDA', shares: '3', orderType: 'BUY' })).status,
    ).toBe(200);
    expect(
      (await investor.execute(trackingId, { symbol: 'AAPL', shares: '2', orderType: 'BUY' })).status,
    ).toBe(200);
  }, 180_000);
  afterAll(() => app?.dispose());

  it('starts with none, and lists the ETF sectors with their weights', async () => {
    const { exclusions } = await investor.detail(trackingId);
    expect(exclusions).toMatchObject({ symbols: [], sectors: [], excludedWeight: '0' });
    expect(exclusions?.etfReplicationRate).toBe(exclusions?.etfReplicationRateWithout);
    const it = exclusions?.etfSectors.find((entry) => entry.sector === IT);
    expect(Number(it?.weightPercentage)).toBeGreaterThan(30);
  });

  it('previews a sector exclusion without recording anything', async () => {
    const before = await streamLength();
    const preview = await investor.call(
      'GET',
      `${url()}/preview?sectors=${encodeURIComponent(IT)}&mode=sell`,
    );
    expect(preview.status).toBe(200);
    const body = preview.body as ExclusionsPreview;
    expect(body.exclusions.sectors).toEqual([{ sector: IT, mode: 'sell' }]);
    expect(Number(body.exclusions.etfReplicationRate)).toBeLessThan(
      Number(body.exclusions.etfReplicationRateWithout),
    );
    expect(body.adjustmentOrders).toContainEqual({ symbol: 'NVDA', orderType: 'SELL', shares: '3' });
    expect(
      body.adjustmentOrders.filter(
        (o) => ['NVDA', 'MSFT', 'AAPL'].includes(o.symbol) && o.orderType === 'BUY',
      ),
    ).toEqual([]);
    const unknown = await investor.call('GET', `${url()}/preview?symbols=ZZZZ`);
    expect([unknown.status, unknown.body]).toEqual([
      400,
      expect.objectContaining({ message: 'ZZZZ is not a holding of QQQ' }),
    ]);
    expect(await streamLength()).toBe(before);
  });

  it('excludes a stock in "keep" mode: held shares stay, none are bought', async () => {
    const excluded = await exclude({ symbols: ['aapl'], mode: 'keep' });
    expect(excluded.status).toBe(200);
    const detail = excluded.body as TrackingDetail;
    expect(detail.exclusions?.symbols).toEqual([{ symbol: 'AAPL', mode: 'keep' }]);
    expect(detail.adjustmentOrders.filter((order) => order.symbol === 'AAPL')).toEqual([]);
    expect(detail.targetReplication.investments.find((line) => line.symbol === 'AAPL')?.numberOfShares).toBe(
      '2',
    );
  });

  it('excludes a sector in "sell" mode: its held shares become SELL orders, none are bought; revert restores', async () => {
    const before = await investor.detail(trackingId);
    const excluded = await exclude({ sectors: ['information technology'], mode: 'sell' });
    expect(excluded.status).toBe(200);
    const detail = excluded.body as TrackingDetail;
    expect(detail.exclusions?.sectors).toEqual([{ sector: IT, mode: 'sell' }]);
    expect(detail.adjustmentOrders).toContainEqual({ symbol: 'NVDA', orderType: 'SELL', shares: '3' });
    // AAPL's own exclusion says "keep": it wins over its sector's.
    expect(detail.adjustmentOrders.filter((order) => order.symbol === 'AAPL')).toEqual([]);
    expect(
      detail.adjustmentOrders.filter((o) => o.orderType === 'BUY' && ['NVDA', 'MSFT'].includes(o.symbol)),
    ).toEqual([]);
    expect(Number(detail.exclusions?.etfReplicationRate)).toBeLessThan(
      Number(detail.exclusions?.etfReplicationRateWithout),
    );

    const history = (await investor.history(trackingId)).body as History;
    expect(history.content[0]).toMatchObject({
      actionType: 'EXCLUDE_HOLDINGS',
      details: { symbols: [], sectors: [IT], mode: 'sell' },
      revertible: true,
    });
    const events = await app.testEventStore.readStream(`tracking-${trackingId}`);
    expect(events.at(-1)).toMatchObject({
      type: 'HoldingsExcluded',
      metadata: { schemaVersion: 2, actorUserId: investor.userId },
    });

    // The rate history measures each state with the exclusions it had: every held stock is excluded now.
    const rates = (await investor.call('GET', `/api/trackings/${trackingId}/rate-history`)).body as {
      points: { eventType: string; rate: string }[];
    };
    expect(rates.points.at(-1)).toMatchObject({ eventType: 'HoldingsExcluded', rate: '0' });
    expect(Number(rates.points.findLast((p) => p.eventType === 'OrderExecuted')?.rate)).toBeGreaterThan(0);

    const reverted = await investor.revert(trackingId, history.content[0]!.id);
    expect(reverted.status).toBe(200);
    const after = await investor.detail(trackingId);
    expect(after.exclusions).toEqual(before.exclusions);
    expect(after.adjustmentOrders).toEqual(before.adjustmentOrders);
    expect(after.targetReplication).toEqual(before.targetReplication);
  });

  it('takes a stock back with DELETE and a JSON body', async () => {
    const included = await include({ symbols: ['AAPL'] });
    expect(included.status).toBe(200);
    expect((included.body as TrackingDetail).exclusions?.symbols).toEqual([]);
    const history = (await investor.history(trackingId)).body as History;
    expect(history.content[0]).toMatchObject({
      actionType: 'INCLUDE_HOLDINGS',
      details: { symbols: ['AAPL'] },
    });
  });

  it('refuses bad input with 400 and appends nothing', async () => {
    const before = await streamLength();
    const cases: [object, string | RegExp][] = [
      [{ symbols: ['AAPL', 'TSLAX'], mode: 'sell' }, 'TSLAX is not a holding of QQQ'],
      [{ sectors: ['Astrology'], mode: 'sell' }, `"Astrology" is not a sector of QQQ's holdings`],
      [{ symbols: ['AAPL'], mode: 'dump' }, /mode/],
      [{ symbols: ['AAPL'] }, /mode/],
      [{ symbols: [], sectors: [], mode: 'sell' }, /Name at least one stock or sector/],
      [{ symbols: ['AAPL'], mode: 'sell', extra: true }, /extra/],
      [{ symbols: 'AAPL', mode: 'sell' }, /symbols/],
    ];
    for (const [body, message] of cases) {
      const refused = await exclude(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.body as { message: string }).message).toMatch(message);
    }
    const sectors =
      (await investor.detail(trackingId)).exclusions?.etfSectors.map((entry) => entry.sector) ?? [];
    const everything = await exclude({ sectors, mode: 'sell' });
    expect([everything.status, (everything.body as { message: string }).message]).toEqual([
      400,
      'These exclusions would leave no holding of QQQ to buy. Keep at least one stock in the tracking.',
    ]);
    expect((await include({})).status).toBe(400);
    expect(await streamLength()).toBe(before);
  });

  it('honours If-Match and Idempotency-Key like the other commands', async () => {
    const stale = await exclude({ symbols: ['MSFT'], mode: 'sell' }, { 'if-match': '"r0"' });
    expect([stale.status, stale.body]).toEqual([
      409,
      expect.objectContaining({ message: trackingMessages.changedElsewhere }),
    ]);
    const before = await streamLength();
    const first = await exclude({ symbols: ['MSFT'], mode: 'sell' }, { 'idempotency-key': 'exclude-msft-1' });
    const again = await exclude({ symbols: ['MSFT'], mode: 'sell' }, { 'idempotency-key': 'exclude-msft-1' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await streamLength()).toBe(before + 1);
  });

  it("answers 404 for someone else's tracking and appends nothing", async () => {
    const before = await streamLength();
    const stranger = await trackingClient(app, { plan: 'PRO' });
    expect((await stranger.call('POST', url(), { symbols: ['AAPL'], mode: 'sell' })).status).toBe(404);
    expect((await stranger.call('DELETE', url(), { symbols: ['MSFT'] })).status).toBe(404);
    expect((await stranger.call('GET', `${url()}/preview?symbols=AAPL`)).status).toBe(404);
    expect(await streamLength()).toBe(before);
  });

  it('gives Free one excluded stock and no sector (403, nothing appended)', async () => {
    const free = await trackingClient(app);
    const freeId = ((await free.create('QQQ', '5000')).body as { trackingId: string }).trackingId;
    const freeUrl = `/api/trackings/${freeId}/exclusions`;
    expect((await free.call('POST', freeUrl, { symbols: ['AAPL'], mode: 'sell' })).status).toBe(200);
    const before = await streamLength(freeId);
    const message =
      'The Free plan allows one excluded stock and no excluded sectors. Upgrade your plan to exclude more.';
    for (const body of [
      { symbols: ['MSFT'], mode: 'sell' },
      { sectors: ['Energy'], mode: 'keep' },
    ]) {
      const refused = await free.call('POST', freeUrl, body);
      expect([refused.status, refused.body]).toEqual([403, expect.objectContaining({ message })]);
    }
    const preview = await free.call('GET', `${freeUrl}/preview?symbols=AAPL,MSFT`);
    expect(preview.status).toBe(403);
    expect(await streamLength(freeId)).toBe(before);
  });
});
