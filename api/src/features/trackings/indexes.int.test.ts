import { dec } from '@etf-replicator/core';
import type { IndexPreview } from '@etf-replicator/core/contracts/indexes';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { replayTracking } from '@etf-replicator/projections/trackings/replay-tracking';
import { snapshotSymbols } from '@etf-replicator/projections/trackings/sources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBundledProvider } from '../../market-data/bundled/bundled-provider';
import { publishSnapshot } from '../../market-data/publish-snapshot';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

type History = { content: { id: string; actionType: string; details: Record<string, unknown> }[] };

const BLEND = {
  type: 'blend',
  parts: [
    { symbol: 'VTI', weight: 70 },
    { symbol: 'QQQ', weight: 30 },
  ],
};
const LIST = {
  type: 'custom',
  holdings: [
    { symbol: 'AAPL', weight: 40 },
    { symbol: 'MSFT', weight: 35 },
    { symbol: 'JPM', weight: 25 },
  ],
};
const create = (client: TrackingClient, index: object, amount = '20000') =>
  client.call('POST', '/api/trackings', {
    index,
    currentReplication: { targetInvestmentAmount: amount, investments: [], leftoverAmount: amount },
  });

/** Issue 30: trackings of a blend of ETFs or a custom list (create, POST …/index, the preview, revert). */
describe.each(await testStores())('Index definitions on %s', (store) => {
  let app: TestApp;
  let investor: TrackingClient;
  let free: TrackingClient;
  let intruder: TrackingClient;
  let trackingId: string;
  const streamLength = async (id = trackingId) =>
    (await app.testEventStore.readStream(`tracking-${id}`)).length;
  const changeIndex = (client: TrackingClient, index: object, headers: Record<string, string> = {}) =>
    client.call('POST', `/api/trackings/${trackingId}/index`, { index }, headers);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    investor = await trackingClient(app, { plan: 'PRO' });
    free = await trackingClient(app);
    intruder = await trackingClient(app, { plan: 'PRO' });
    const created = await create(investor, BLEND);
    expect(created.status).toBe(200);
    trackingId = (created.body as { trackingId: string }).trackingId;
  }, 180_000);
  afterAll(() => app?.dispose());

  it('creates a 70/30 blend as one set of stocks (no double Apple) and suggests its orders', async () => {
    const detail = await investor.detail(trackingId);
    const symbols = detail.targetReplication.investments.map((line) => line.symbol);
    expect(symbols.filter((symbol) => symbol === 'AAPL')).toHaveLength(1);
    expect(new Set(symbols).size).toBe(symbols.length);
    expect(detail.adjustmentOrders.length).toBeGreaterThan(0);
    expect(detail.adjustmentOrders.every((order) => order.orderType === 'BUY')).toBe(true);
    const summary = (await investor.call('GET', '/api/trackings/trackings-summary')).body as {
      trackingId: string;
      etfName: string | null;
      indexLabel?: string;
    }[];
    expect(summary.find((row) => row.trackingId === trackingId)?.etfName).toBe('70 % VTI + 30 % QQQ');
    // The web names the blend from these (issue 30): the list's label, the detail's definition.
    expect(summary.find((row) => row.trackingId === trackingId)?.indexLabel).toBe('70 % VTI + 30 % QQQ');
    expect(detail.index).toEqual({
      type: 'blend',
      parts: [
        { symbol: 'VTI', weight: '70' },
        { symbol: 'QQQ', weight: '30' },
      ],
    });
  });

  it('previews an index without recording anything: weights, sectors and what cannot be bought', async () => {
    const before = await streamLength();
    const preview = await investor.call('POST', '/api/indexes/preview', {
      index: { type: 'custom', csv: 'symbol,weight\nAAPL,50\nZZZZQ,25\nMSFT,25\n' },
      trackingId,
    });
    expect(preview.status).toBe(200);
    const body = preview.body as IndexPreview;
    expect(body.label).toBe('My list (3 stocks)');
    expect(body.holdings.map((h) => [h.symbol, h.weight])).toEqual([
      ['AAPL', '50'],
      ['MSFT', '25'],
      ['ZZZZQ', '25'],
    ]);
    expect(body.unpriced).toEqual([
      expect.objectContaining({ symbol: 'ZZZZQ', reason: 'NOT_IN_MARKET_DATA' }),
    ]);
    expect(body.sectors[0]).toEqual({ sector: 'Information Technology', weight: '75' });
    expect(body.screens.map((screen) => screen.id)).toContain('tobacco');
    expect(body.tracking?.adjustmentOrders.map((order) => order.symbol).sort()).toEqual(['AAPL', 'MSFT']);
    expect(await streamLength()).toBe(before);
  });

  it('refuses blends and lists on Free with a 403 naming the plan, and records nothing', async () => {
    const refused = await create(free, LIST);
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toContain('your plan is Free');
    const summary = (await free.call('GET', '/api/trackings/trackings-summary')).body as unknown[];
    expect(summary).toEqual([]);
    expect((await free.call('POST', '/api/indexes/preview', { index: BLEND })).status).toBe(403);
  });

  it('refuses bad definitions with a 400 naming the row, appending nothing', async () => {
    const before = await streamLength();
    const zero = await changeIndex(investor, {
      type: 'custom',
      holdings: [
        { symbol: 'AAPL', weight: 50 },
        { symbol: 'MSFT', weight: 0 },
      ],
    });
    expect([zero.status, (zero.body as { message: string }).message]).toEqual([
      400,
      'Row 2 (MSFT): the weight must be greater than 0',
    ]);
    const sum = await changeIndex(investor, {
      type: 'blend',
      parts: [
        { symbol: 'VTI', weight: 60 },
        { symbol: 'QQQ', weight: 30 },
      ],
    });
    expect([sum.status, (sum.body as { message: string }).message]).toEqual([
      400,
      "The blend's weights add up to 90 %, not 100 %",
    ]);
    const unknown = await changeIndex(investor, {
      type: 'blend',
      parts: [
        { symbol: 'VTI', weight: 50 },
        { symbol: 'NOSUCHETF', weight: 50 },
      ],
    });
    expect(unknown.status).toBe(400);
    const decimals = await create(investor, {
      type: 'custom',
      holdings: [{ symbol: 'AAPL', weight: '1.23456' }],
    });
    expect([decimals.status, (decimals.body as { message: string }).message]).toEqual([
      400,
      'Row 1 (AAPL): the weight may have at most 4 decimals',
    ]);
    expect(await streamLength()).toBe(before);
  });

  it("hides another investor's tracking (404) from the change and the preview", async () => {
    const before = await streamLength();
    expect((await changeIndex(intruder, LIST)).status).toBe(404);
    expect((await intruder.call('POST', '/api/indexes/preview', { index: LIST, trackingId })).status).toBe(
      404,
    );
    expect(await streamLength()).toBe(before);
  });

  it('changes to a custom list once per Idempotency-Key, refuses a stale If-Match, and a revert restores the blend and its orders exactly', async () => {
    expect((await investor.executeSuggested(trackingId)).status).toBe(200);
    const before = await investor.detail(trackingId);
    const stale = await changeIndex(investor, LIST, { 'if-match': `"r${(before.revision ?? 1) - 1}"` });
    expect(stale.status).toBe(409);
    const headers = { 'if-match': `"r${before.revision}"`, 'idempotency-key': `index-${trackingId}` };
    const changed = await changeIndex(investor, LIST, headers);
    expect(changed.status).toBe(200);
    const after = changed.body as TrackingDetail;
    expect(after.targetReplication.investments.map((line) => line.symbol).sort()).toEqual([
      'AAPL',
      'JPM',
      'MSFT',
    ]);
    expect(after.adjustmentOrders.some((order) => order.orderType === 'SELL')).toBe(true);
    const length = await streamLength();
    expect((await changeIndex(investor, LIST, headers)).status).toBe(200);
    expect(await streamLength()).toBe(length);

    const history = (await investor.history(trackingId)).body as History;
    const entry = history.content.find((line) => line.actionType === 'CHANGE_INDEX');
    expect(entry?.details).toMatchObject({ from: '70 % VTI + 30 % QQQ', to: 'My list (3 stocks)' });
    expect((await investor.revert(trackingId, entry?.id ?? '')).status).toBe(200);
    const reverted = await investor.detail(trackingId);
    expect(reverted.adjustmentOrders).toEqual(before.adjustmentOrders);
    expect(reverted.targetReplication).toEqual(before.targetReplication);
    expect(reverted.targetReplicationRate).toBe(before.targetReplicationRate);
  });

  it('re-derives the blend when a snapshot of its second ETF arrives (ASML is only in QQQ)', async () => {
    const before = await investor.detail(trackingId);
    expect(before.targetReplication.investments.some((line) => line.symbol === 'ASML')).toBe(false);
    // QQQ now holds 40 % ASML: 30 % of that is 12 % of the blend, about $2,400 of the $20,000.
    const content = await createBundledProvider().fetchSnapshot('QQQ');
    const heavier = {
      ...content,
      holdings: content.holdings.map((h) => (h.symbol === 'ASML' ? { ...h, weightPercentage: '40' } : h)),
    };
    const published = await publishSnapshot(app.testEventStore, heavier, { replaceOtherSources: true });
    expect(await app.projections.waitForPosition(published.position as never, { timeoutMs: 25_000 })).toBe(
      true,
    );
    const after = await investor.detail(trackingId);
    const asml = after.targetReplication.investments.find((line) => line.symbol === 'ASML');
    expect(dec(asml?.amountInvested ?? '0').gt(1500)).toBe(true);
    expect(after.adjustmentOrders).toContainEqual(
      expect.objectContaining({ symbol: 'ASML', orderType: 'BUY' }),
    );
  });

  it('replays each step with the index it had, valued against that index', async () => {
    const steps = await replayTracking(app.testEventStore, trackingId, undefined, {
      allEtfs: await snapshotSymbols(app.testDb.pool),
    });
    const indexes = (steps ?? []).map((step) => step.index);
    expect(indexes[0]).toBe('70 % VTI + 30 % QQQ');
    const changed = (steps ?? []).find((step) => step.eventType === 'IndexChanged');
    expect(changed?.index).toBe('My list (3 stocks)');
    expect(changed?.view.targetReplication.investments.map((line) => line.symbol).sort()).toEqual([
      'AAPL',
      'JPM',
      'MSFT',
    ]);
    expect(steps?.at(-1)?.index).toBe('70 % VTI + 30 % QQQ');
  });
});
