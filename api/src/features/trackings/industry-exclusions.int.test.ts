import type { ExclusionsPreview } from '@etf-replicator/core/contracts/exclusions';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

type History = { content: { id: string; actionType: string; details: Record<string, unknown> }[] };
const TOBACCO = ['MO', 'PM'];

/** Issue 30 item 3: industry exclusions and named screens on a tracking, the live cost, blends' own index. */
describe.each(await testStores())('Industry exclusions on %s', (store) => {
  let app: TestApp;
  let investor: TrackingClient;
  let trackingId: string;
  const url = (id = trackingId) => `/api/trackings/${id}/exclusions`;
  const streamLength = async (id = trackingId) =>
    (await app.testEventStore.readStream(`tracking-${id}`)).length;
  const targetSymbols = (detail: TrackingDetail) =>
    detail.targetReplication.investments.map((line) => line.symbol);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    investor = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await investor.create('VOO', '200000')).body as { trackingId: string }).trackingId;
    expect((await investor.execute(trackingId, { symbol: 'PM', shares: '2', orderType: 'BUY' })).status).toBe(
      200,
    );
  }, 180_000);
  afterAll(() => app?.dispose());

  it('starts with no industry excluded; the S&P 500 is classified (nothing unscreenable)', async () => {
    const detail = await investor.detail(trackingId);
    expect(detail.exclusions).toMatchObject({ industries: [], unclassifiedWeight: expect.any(String) });
    // VOO holds S&P 500 names, which the bundled data classifies: under 1 % of its weight has no industry.
    expect(Number(detail.exclusions?.unclassifiedWeight)).toBeLessThan(1);
    expect(targetSymbols(detail)).toEqual(expect.arrayContaining(TOBACCO));
  });

  it('previews the tobacco screen: its cost in points, the screens, and nothing recorded', async () => {
    const before = await streamLength();
    const preview = await investor.call('GET', `${url()}/preview?screens=tobacco&mode=sell`);
    expect(preview.status).toBe(200);
    const body = preview.body as ExclusionsPreview;
    expect(body.exclusions.industries).toEqual([{ industry: 'Tobacco', mode: 'sell' }]);
    expect(Number(body.exclusions.excludedWeight)).toBeGreaterThan(0);
    expect(Number(body.exclusions.etfReplicationRate)).toBeLessThan(
      Number(body.exclusions.etfReplicationRateWithout),
    );
    expect(body.adjustmentOrders).toContainEqual({ symbol: 'PM', orderType: 'SELL', shares: '2' });
    expect(body.adjustmentOrders.filter((o) => TOBACCO.includes(o.symbol) && o.orderType === 'BUY')).toEqual(
      [],
    );
    expect(body.screens?.find((screen) => screen.id === 'tobacco')).toEqual({
      id: 'tobacco',
      name: 'Tobacco',
      industries: ['Tobacco'],
    });
    // Industry names contain commas: the parameter is repeated, one name each.
    const repeated = await investor.call(
      'GET',
      `${url()}/preview?industries=Tobacco&industries=${encodeURIComponent('Technology Hardware, Storage & Peripherals')}`,
    );
    expect(repeated.status).toBe(200);
    expect(
      (repeated.body as ExclusionsPreview).exclusions.industries?.map((entry) => entry.industry),
    ).toEqual(['Technology Hardware, Storage & Peripherals', 'Tobacco']);
    expect(await streamLength()).toBe(before);
  });

  it('refuses an unknown industry or screen with 400 naming it, appending nothing', async () => {
    const before = await streamLength();
    const unknown = await investor.call('POST', url(), {
      industries: ['Tobacco', 'Crypto Mining'],
      mode: 'sell',
    });
    expect([unknown.status, (unknown.body as { message: string }).message]).toEqual([
      400,
      '"Crypto Mining" is not an industry of the bundled GICS classification',
    ]);
    const screen = await investor.call('POST', url(), { screens: ['weapons'], mode: 'sell' });
    expect(screen.status).toBe(400);
    expect((screen.body as { message: string }).message).toMatch(/Unknown screen "weapons"/);
    expect((await investor.call('GET', `${url()}/preview?industries=Crypto`)).status).toBe(400);
    expect(await streamLength()).toBe(before);
  });

  it('excludes the tobacco screen: PM and MO leave the target, held PM is sold; revert restores exactly', async () => {
    const before = await investor.detail(trackingId);
    const excluded = await investor.call('POST', url(), { screens: ['tobacco'], mode: 'sell' });
    expect(excluded.status).toBe(200);
    const detail = excluded.body as TrackingDetail;
    expect(detail.exclusions?.industries).toEqual([{ industry: 'Tobacco', mode: 'sell' }]);
    expect(targetSymbols(detail).filter((symbol) => TOBACCO.includes(symbol))).toEqual([]);
    expect(detail.adjustmentOrders).toContainEqual({ symbol: 'PM', orderType: 'SELL', shares: '2' });
    const events = await app.testEventStore.readStream(`tracking-${trackingId}`);
    expect(events.at(-1)).toMatchObject({
      type: 'HoldingsExcluded',
      data: { industries: ['Tobacco'], symbols: [], sectors: [] },
      metadata: { schemaVersion: 2 },
    });
    // The rate history measures the state with its industry exclusion: PM, the one stock held, is excluded.
    const rates = (await investor.call('GET', `/api/trackings/${trackingId}/rate-history`)).body as {
      points: { eventType: string; rate: string }[];
    };
    expect(rates.points.at(-1)).toMatchObject({ eventType: 'HoldingsExcluded', rate: '0' });
    expect(Number(rates.points.at(-2)?.rate)).toBeGreaterThan(0);
    const history = (await investor.history(trackingId)).body as History;
    expect(history.content[0]).toMatchObject({
      actionType: 'EXCLUDE_HOLDINGS',
      details: { industries: ['Tobacco'], mode: 'sell' },
    });
    expect((await investor.revert(trackingId, history.content[0]!.id)).status).toBe(200);
    const after = await investor.detail(trackingId);
    expect(after.exclusions).toEqual(before.exclusions);
    expect(after.adjustmentOrders).toEqual(before.adjustmentOrders);
    expect(after.targetReplication).toEqual(before.targetReplication);
  });

  it('takes a screen back with DELETE', async () => {
    expect((await investor.call('POST', url(), { industries: ['tobacco'], mode: 'keep' })).status).toBe(200);
    const included = await investor.call('DELETE', url(), { screens: ['tobacco'] });
    expect(included.status).toBe(200);
    expect((included.body as TrackingDetail).exclusions?.industries).toEqual([]);
  });

  it("answers 404 for someone else's tracking and 403 on Free, appending nothing", async () => {
    const before = await streamLength();
    const stranger = await trackingClient(app, { plan: 'PRO' });
    expect((await stranger.call('POST', url(), { screens: ['tobacco'], mode: 'sell' })).status).toBe(404);
    expect((await stranger.call('DELETE', url(), { screens: ['tobacco'] })).status).toBe(404);
    expect((await stranger.call('GET', `${url()}/preview?screens=tobacco`)).status).toBe(404);
    expect(await streamLength()).toBe(before);
    const free = await trackingClient(app);
    const freeId = ((await free.create('VOO', '5000')).body as { trackingId: string }).trackingId;
    const freeBefore = await streamLength(freeId);
    const refused = await free.call('POST', url(freeId), { screens: ['tobacco'], mode: 'sell' });
    expect(refused.status).toBe(403);
    expect(await streamLength(freeId)).toBe(freeBefore);
  });

  it("checks a blend's exclusions against the blend, not its first ETF", async () => {
    const blend = {
      type: 'blend',
      parts: [
        { symbol: 'QQQ', weight: 50 },
        { symbol: 'VOO', weight: 50 },
      ],
    };
    const created = await investor.call('POST', '/api/trackings', {
      index: blend,
      currentReplication: { targetInvestmentAmount: '50000', investments: [], leftoverAmount: '50000' },
    });
    expect(created.status).toBe(200);
    const blendId = (created.body as { trackingId: string }).trackingId;
    // MO is in VOO, not in QQQ (the blend's first ETF): excluding it by symbol or by screen is accepted.
    const preview = await investor.call('GET', `${url(blendId)}/preview?symbols=MO&screens=tobacco`);
    expect(preview.status).toBe(200);
    const excluded = await investor.call('POST', url(blendId), {
      symbols: ['MO'],
      screens: ['tobacco'],
      mode: 'sell',
    });
    expect(excluded.status).toBe(200);
    expect(targetSymbols(excluded.body as TrackingDetail).filter((s) => TOBACCO.includes(s))).toEqual([]);
    // The weightings cap is the blend's (more holdings than QQQ alone): N above QQQ's count is accepted.
    const n = await investor.call(
      'POST',
      `/api/trackings/${blendId}/changeNumberOfWeightings?numberOfWeightings=150`,
    );
    expect(n.status).toBe(200);
    expect((n.body as TrackingDetail).effectiveNumberOfWeightings).toBe(150);
  });
});
