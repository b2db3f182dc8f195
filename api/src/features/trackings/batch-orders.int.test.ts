import { randomUUID } from 'node:crypto';
import { dec, evolve, initialState, type Tracking, trackingStreamId } from '@etf-replicator/core';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { trackingFolder } from '../../trackings/tracking-streams';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

type ReplicationState = Pick<TrackingDetail, 'currentReplication' | 'adjustmentOrders' | 'replicationRate'>;

const folded = async (app: TestApp, trackingId: string) => {
  let state: Tracking = initialState();
  for (const event of await app.testEventStore.readStream(trackingStreamId(trackingId)))
    state = evolve(state, trackingFolder.parse(event));
  if (state.status === 'Empty') throw new Error('no tracking');
  return state;
};

/** Shares per symbol, as canonical decimal strings. */
const positionsOf = (detail: Pick<TrackingDetail, 'currentReplication'>) =>
  Object.fromEntries(
    detail.currentReplication.investments.map((line) => [line.symbol, dec(line.numberOfShares).toFixed()]),
  );

describe.each(await testStores())('Orders recorded in one request on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  const batch = (trackingId: string, orders: object[]) =>
    ann.call('POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, orders);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
  }, 120_000);
  afterAll(() => app?.dispose());

  it('records every suggested order with one request, one event per order, and answers the new state', async () => {
    const { trackingId } = (await ann.create('QQQ', '5000')).body as { trackingId: string };
    const before = await ann.detail(trackingId);
    expect(before.adjustmentOrders.length).toBeGreaterThan(1);
    const revision = (await app.testEventStore.readStream(trackingStreamId(trackingId))).length;

    const answer = await batch(trackingId, before.adjustmentOrders);
    expect(answer.status).toBe(200);
    const state = answer.body as ReplicationState;
    expect(state.adjustmentOrders).toEqual([]);

    const events = await app.testEventStore.readStream(trackingStreamId(trackingId));
    expect(events.slice(revision).map((event) => event.type)).toEqual(
      before.adjustmentOrders.map(() => 'OrderExecuted'),
    );
    const detail = await ann.detail(trackingId);
    expect(detail.replicationRate).toBe(detail.targetReplicationRate);
    expect(positionsOf(detail)).toEqual(
      Object.fromEntries(before.adjustmentOrders.map((order) => [order.symbol, dec(order.shares).toFixed()])),
    );
    const history = (await ann.history(trackingId)).body as {
      content: HistoryEntry[];
      totalElements: number;
    };
    expect(history.totalElements).toBe(before.adjustmentOrders.length);
  });

  it('refuses the whole batch when one order is invalid, naming that order, and appends nothing', async () => {
    const { trackingId } = (await ann.create('QQQ', '5000')).body as { trackingId: string };
    const before = await ann.detail(trackingId);
    const length = (await app.testEventStore.readStream(trackingStreamId(trackingId))).length;
    const [first, second] = before.adjustmentOrders;
    if (!first || !second) throw new Error('QQQ $5,000 suggests at least two orders');

    const oversold = await batch(trackingId, [first, { ...second, orderType: 'SELL' }]);
    expect(oversold.status).toBe(400);
    expect((oversold.body as { message: string }).message).toBe(
      `Order 2 (SELL ${second.shares} ${second.symbol}): You cannot sell more than 0 shares`,
    );
    const unpriced = await batch(trackingId, [first, { symbol: 'NOPE', shares: '1', orderType: 'BUY' }]);
    expect(unpriced.status).toBe(400);
    expect((unpriced.body as { message: string }).message).toBe(
      "Order 2 (BUY 1 NOPE): There is no price for NOPE in this ETF's latest snapshot",
    );
    const malformed = await batch(trackingId, [first, { symbol: 'AAPL', shares: 'many', orderType: 'BUY' }]);
    expect(malformed.status).toBe(400);
    expect((await batch(trackingId, [])).status).toBe(400);

    expect(await app.testEventStore.readStream(trackingStreamId(trackingId))).toHaveLength(length);
    expect((await ann.detail(trackingId)).currentReplication.investments).toEqual([]);
  });

  it('lets a later order of the batch act on an earlier one (BUY then SELL of the same symbol)', async () => {
    const { trackingId } = (await ann.create('QQQ', '5000')).body as { trackingId: string };
    const answer = await batch(trackingId, [
      { symbol: 'AAPL', shares: '3', orderType: 'BUY' },
      { symbol: 'AAPL', shares: '2', orderType: 'SELL' },
    ]);
    expect(answer.status).toBe(200);
    expect(positionsOf(answer.body as ReplicationState)).toMatchObject({ AAPL: '1' });
  });

  it('reverts each order of a batch on its own', async () => {
    const { trackingId } = (await ann.create('QQQ', '5000')).body as { trackingId: string };
    const before = await ann.detail(trackingId);
    const orders = before.adjustmentOrders.slice(0, 3);
    expect((await batch(trackingId, orders)).status).toBe(200);
    const entries = ((await ann.history(trackingId)).body as { content: HistoryEntry[] }).content;
    const middle = entries.find((entry) => entry.details.symbol === orders[1]?.symbol);
    if (!middle) throw new Error('the second order is in the history');

    expect((await ann.revert(trackingId, middle.id)).status).toBe(200);
    const after = await ann.detail(trackingId);
    expect(Object.keys(positionsOf(after)).sort()).toEqual(
      [orders[0]?.symbol, orders[2]?.symbol].map(String).sort(),
    );
    const history = ((await ann.history(trackingId)).body as { content: HistoryEntry[] }).content;
    expect(history.filter((entry) => entry.reverted).map((entry) => entry.id)).toEqual([middle.id]);
  });
  it('answers detail and summary reads 304 while nothing changed, and 200 with a new ETag after a command', async () => {
    const { trackingId } = (await ann.create('QQQ', '5000')).body as { trackingId: string };
    for (const url of [`/api/trackings/${trackingId}`, '/api/trackings/trackings-summary']) {
      const first = await ann.call('GET', url);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await ann.call('GET', url, undefined, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBeUndefined();

      expect((await ann.execute(trackingId, { symbol: 'AAPL', shares: '1', orderType: 'BUY' })).status).toBe(
        200,
      );
      const changed = await ann.call('GET', url, undefined, { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.body).toEqual((await ann.call('GET', url)).body);
    }
  });
});

describe.each(await testStores())('A long-lived tracking on %s', (store) => {
  let app: TestApp;
  let disposeDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    app = await createTestApp({ store });
    disposeDatabase = app.disposeDatabase;
    await seedMarketForTrackings(app);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await disposeDatabase();
  });

  it('answers right after 10,000 events and after a restart (the cached aggregate is never the truth)', async () => {
    const ann = await trackingClient(app);
    const { trackingId } = (await ann.create('QQQ', '1000000')).body as { trackingId: string };
    // 10,000 orders through the log itself (inline projections apply them as the API's own appends do).
    const streamId = trackingStreamId(trackingId);
    for (let written = 1; written <= 10_000; written += 1000) {
      const events = Array.from({ length: 1000 }, (_, i) => ({
        id: randomUUID(),
        type: 'OrderExecuted',
        data: {
          symbol: (written + i) % 2 === 0 ? 'MSFT' : 'AAPL',
          orderType: 'BUY',
          shares: '1',
          price: '100.00',
          amount: '100.00',
          occurredAt: new Date().toISOString(),
        },
      }));
      await app.testEventStore.appendToStream(streamId, events, { expectedRevision: written - 1 });
    }
    const order = { symbol: 'AAPL', shares: '1', orderType: 'SELL' as const };
    expect((await ann.execute(trackingId, order)).status).toBe(200);
    const live = await ann.detail(trackingId);
    expect(positionsOf(live)).toMatchObject({ AAPL: '4999', MSFT: '5000' });

    // Another instance appends behind this one's back: the cached aggregate is stale, the append's revision
    // check catches it, and the command is decided again on the log's state.
    await app.testEventStore.appendToStream(
      streamId,
      [
        {
          type: 'OrderExecuted',
          data: {
            ...order,
            symbol: 'MSFT',
            price: '100.00',
            amount: '100.00',
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 10_001 },
    );
    expect((await ann.execute(trackingId, order)).status).toBe(200);
    expect(positionsOf(await ann.detail(trackingId))).toMatchObject({ AAPL: '4998', MSFT: '4999' });

    // A restart: nothing cached survives, the answer still equals the log.
    await app.stop();
    app = await createTestApp({ store, database: app.testDb });
    const again = await trackingClient(app, { userId: ann.userId });
    expect((await again.execute(trackingId, order)).status).toBe(200);
    const state = await folded(app, trackingId);
    expect(state.positions.get('AAPL')?.toFixed()).toBe('4997');
    expect(positionsOf(await again.detail(trackingId))).toMatchObject({ AAPL: '4997', MSFT: '4999' });
    const history = (await again.history(trackingId)).body as { totalElements: number };
    expect(history.totalElements).toBe(10_004);
  }, 300_000);
});
