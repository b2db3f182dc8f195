import { D, dec, trackingStreamId } from '@etf-replicator/core';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import type { TrackingDetail, TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBundledProvider } from '../../market-data/bundled/bundled-provider';
import { publishSnapshot } from '../../market-data/publish-snapshot';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

/** Buys minus sells at the detail's prices: the cash the orders take. */
const netCost = (detail: Pick<TrackingDetail, 'prices'>, orders: TrackingDetail['adjustmentOrders']) =>
  orders.reduce((sum, order) => {
    const amount = dec(order.shares).mul(dec(detail.prices[order.symbol] ?? '0'));
    return order.orderType === 'BUY' ? sum.add(amount) : sum.sub(amount);
  }, dec('0'));
const cashOf = (detail: Pick<TrackingDetail, 'currentReplication'>) =>
  dec(detail.currentReplication.leftoverAmount);
const toBody = (orders: TrackingDetail['adjustmentOrders']) =>
  orders.map(({ symbol, shares, orderType }) => ({ symbol, shares, orderType }));

describe.each(await testStores())('Cash of a fixed target after prices move (issue 32) on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let trackingId: string;
  const url = (path: string) => `/api/trackings/${trackingId}/${path}`;
  const history = async () => ((await ann.history(trackingId)).body as { content: HistoryEntry[] }).content;
  const historyLength = async () =>
    ((await ann.history(trackingId)).body as { totalElements: number }).totalElements;
  const streamLength = async () => (await app.testEventStore.readStream(trackingStreamId(trackingId))).length;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    // A $10,000 QQQ tracking, auto-tracking off (a fixed target), every suggested order recorded.
    trackingId = ((await ann.create('QQQ', '10000')).body as { trackingId: string }).trackingId;
    expect((await ann.executeSuggested(trackingId)).status).toBe(200);
    // A later snapshot: the largest holding falls 20 %, every other one 5 %.
    const content = await createBundledProvider().fetchSnapshot('QQQ');
    const largest = [...content.holdings].sort(
      (a, b) => Number(b.weightPercentage) - Number(a.weightPercentage),
    )[0];
    const moved = {
      ...content,
      holdings: content.holdings.map((h) =>
        h.price
          ? {
              ...h,
              price: dec(h.price)
                .mul(h.symbol === largest?.symbol ? '0.8' : '0.95')
                .toFixed(2),
            }
          : h,
      ),
    };
    const published = await publishSnapshot(app.testEventStore, moved, { replaceOtherSources: true });
    expect(await app.projections.waitForPosition(published.position as never, { timeoutMs: 25_000 })).toBe(
      true,
    );
  }, 180_000);
  afterAll(() => app?.dispose());

  it('suggests orders within the cash, says what reaching the target needs, and records both in one request', async () => {
    const moved = await ann.detail(trackingId);
    const worth = dec(moved.marketValue ?? '0');
    expect(worth.lt(10_000)).toBe(true);
    // What is missing: the target minus what the tracking is worth, rounded up to the cent.
    expect(moved.cashToReachTarget).toBe(dec('10000').sub(worth).toDecimalPlaces(2, D.ROUND_UP).toFixed(2));
    expect(moved.currentReplication.targetInvestmentAmount).toBe('10000.00');
    expect(moved.adjustmentOrders.length).toBeGreaterThan(0);
    expect(netCost(moved, moved.adjustmentOrders).lte(cashOf(moved))).toBe(true);
    expect(moved.ordersToReachTarget?.length).toBeGreaterThan(0);
    // Without the cash, the full target's orders would take more than there is: what the old page suggested.
    expect(netCost(moved, moved.ordersToReachTarget ?? []).gt(cashOf(moved))).toBe(true);

    // The orders within the cash, recorded: the cash stays ≥ 0, and trading at today's prices moves no value.
    expect((await ann.executeSuggested(trackingId)).status).toBe(200);
    const within = await ann.detail(trackingId);
    expect(cashOf(within).gte(0)).toBe(true);
    expect(within.cashToReachTarget).toBe(moved.cashToReachTarget);
    expect(within.adjustmentOrders).toEqual([]);

    // Add the missing cash and record the orders it pays for: ONE request, idempotent, on the revision shown.
    const entriesBefore = await historyLength();
    const eventsBefore = await streamLength();
    const body = { addCash: within.cashToReachTarget, orders: toBody(within.ordersToReachTarget ?? []) };
    const headers = { 'if-match': `"r${within.revision}"`, 'idempotency-key': `fund-${trackingId}` };
    const funded = await ann.call('POST', url('applyAdjustmentOrders'), body, headers);
    expect(funded.status).toBe(200);
    const answer = funded.body as TrackingDetail;
    expect(answer.cashToReachTarget).toBe('0.00');
    expect(answer.adjustmentOrders).toEqual([]);
    expect(cashOf(answer).gte(0)).toBe(true);
    const after = await ann.detail(trackingId);
    expect(after.currentReplication.targetInvestmentAmount).toBe('10000.00');
    expect(dec(after.marketValue ?? '0').gte(10_000)).toBe(true);
    expect(await streamLength()).toBe(eventsBefore + 1 + body.orders.length);

    // Each event is an action of its own: the cash addition and every order, each revertible alone.
    const added = (await history()).slice(0, body.orders.length + 1);
    expect(added.map((entry) => entry.actionType).sort()).toEqual(
      ['ADD_CASH', ...body.orders.map(() => 'EXECUTE_ORDER')].sort(),
    );
    expect(added.every((entry) => entry.revertible)).toBe(true);
    expect(added.find((entry) => entry.actionType === 'ADD_CASH')?.details.amount).toBe(body.addCash);

    // The same request again (a retry) records nothing twice and answers the same.
    const again = await ann.call('POST', url('applyAdjustmentOrders'), body, headers);
    expect(again.status).toBe(200);
    expect(await streamLength()).toBe(eventsBefore + 1 + body.orders.length);
    expect(await historyLength()).toBe(entriesBefore + 1 + body.orders.length);

    // The list shows the detail's own figures.
    const list = (await ann.call('GET', '/api/trackings/trackings-summary')).body as TrackingSummary[];
    const row = list.find((tracking) => tracking.trackingId === trackingId);
    expect(row).toMatchObject({
      etfReplicationRate: after.etfReplicationRate,
      cashToReachTarget: '0.00',
      leftoverAmount: dec(after.currentReplication.leftoverAmount).toFixed(),
    });
  });

  it('refuses a stale revision, a bad amount and a refused order, and then records nothing', async () => {
    const detail = await ann.detail(trackingId);
    const eventsBefore = await streamLength();
    const post = (body: object, headers: Record<string, string> = {}) =>
      ann.call('POST', url('applyAdjustmentOrders'), body, headers);

    const stale = await post(
      { addCash: '10', orders: [] },
      { 'if-match': `"r${(detail.revision ?? 1) - 1}"` },
    );
    expect(stale.status).toBe(409);
    const zero = await post({ addCash: '0', orders: [] });
    expect(zero).toMatchObject({
      status: 400,
      body: { message: 'Invalid addCash: Please enter a valid investment amount greater than zero.' },
    });
    const [held] = detail.currentReplication.investments;
    if (!held) throw new Error('the tracking holds stocks');
    const tooMany = dec(held.numberOfShares).add(1).toFixed();
    const refused = await post({
      addCash: '100',
      orders: [{ symbol: held.symbol, orderType: 'SELL', shares: tooMany }],
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toMatch(
      new RegExp(`^Order 1 \\(SELL ${tooMany} ${held.symbol}\\): You cannot sell more than`),
    );
    expect(await streamLength()).toBe(eventsBefore);
    expect(cashOf(await ann.detail(trackingId)).toFixed()).toBe(cashOf(detail).toFixed());
  });

  it('shows the cash a revert of the addition leaves below zero as owed, and the orders sell it back', async () => {
    const addition = (await history()).find((entry) => entry.actionType === 'ADD_CASH' && !entry.reverted);
    if (!addition) throw new Error('the cash addition is in the history');
    expect((await ann.revert(trackingId, addition.id)).status).toBe(200);
    const owing = await ann.detail(trackingId);
    // The revert took the cash back out after the orders spent it: an explicit command made it negative.
    expect(cashOf(owing).lt(0)).toBe(true);
    expect(netCost(owing, owing.adjustmentOrders).lte(cashOf(owing))).toBe(true);
    expect((await ann.executeSuggested(trackingId)).status).toBe(200);
    expect(cashOf(await ann.detail(trackingId)).gte(0)).toBe(true);
  });
});
