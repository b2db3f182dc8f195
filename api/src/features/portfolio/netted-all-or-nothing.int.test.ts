import { randomUUID } from 'node:crypto';
import { trackingStreamId } from '@etf-replicator/core';
import { type PortfolioResponse, portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../trackings/testing/tracking-test-client';
import { nettedOrdersSeam } from './record-netted-orders';

type Answer = Awaited<ReturnType<TrackingClient['call']>>;
const portfolioOf = (answer: Answer) => answer.body as PortfolioResponse;

/**
 * Issue 29's "all or nothing" for POST /api/portfolio/orders on PostgreSQL/PGlite: one multi-stream append, so a
 * tracking changed between deciding and appending leaves every tracking as it was.
 */
describe.each(await testStores())('Recording netted orders all or nothing on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let voo: string;
  let qqq: string;
  /** When set, the next multi-stream append commits and is then reported as failed (a connection lost). */
  let failAfterNextAppend = false;

  beforeAll(async () => {
    app = await createTestApp({
      store,
      beforeReady: async (instance) => {
        const append = instance.eventStore.appendToStreams?.bind(instance.eventStore);
        if (!append) throw new Error(`${store} should append to several streams at once`);
        instance.eventStore.appendToStreams = async (appends) => {
          const results = await append(appends);
          if (failAfterNextAppend) {
            failAfterNextAppend = false;
            throw new Error('connection lost after the commit');
          }
          return results;
        };
      },
    });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    voo = ((await ann.create('VOO', '5000')).body as { trackingId: string }).trackingId;
    qqq = ((await ann.create('QQQ', '5000')).body as { trackingId: string }).trackingId;
  }, 120_000);
  afterAll(() => app?.dispose());
  afterEach(() => {
    nettedOrdersSeam.beforeAppend = undefined;
  });

  const lengths = async () =>
    Promise.all(
      [voo, qqq].map(async (id) => (await app.testEventStore.readStream(trackingStreamId(id))).length),
    );
  const recordAll = async (portfolio: PortfolioResponse, key = randomUUID(), client = ann) =>
    client.call(
      'POST',
      '/api/portfolio/orders',
      { orders: portfolio.orders.map(({ symbol, orderType, shares }) => ({ symbol, orderType, shares })) },
      { 'if-match': `"p${portfolio.revision}"`, 'idempotency-key': key },
    );

  it('records nothing for any tracking and answers 409 when one changed between deciding and appending', async () => {
    const portfolio = portfolioOf(await ann.call('GET', '/api/portfolio'));
    // QQQ is the later tracking: appended one by one, VOO's part would already have been recorded.
    expect(portfolio.trackings.map((tracking) => tracking.trackingId)).toEqual([voo, qqq]);
    const [vooBefore, qqqBefore] = await lengths();
    let concurrent: number | undefined;
    nettedOrdersSeam.beforeAppend = async () => {
      nettedOrdersSeam.beforeAppend = undefined;
      concurrent = (await ann.call('POST', `/api/trackings/${qqq}/toggleAutoTrackingTargetAmount`)).status;
    };
    const answer = await recordAll(portfolio);
    expect(concurrent).toBe(200);
    expect([answer.status, (answer.body as { message: string }).message]).toEqual([
      409,
      portfolioMessages.changedElsewhere,
    ]);
    expect(await lengths()).toEqual([vooBefore, (qqqBefore ?? 0) + 1]);
    expect((await ann.detail(voo)).adjustmentOrders.length).toBeGreaterThan(0);

    // Reviewed again, the same orders record in both trackings.
    const again = portfolioOf(await ann.call('GET', '/api/portfolio'));
    const recorded = await recordAll(again);
    expect(recorded.status).toBe(200);
    const [vooAfter = 0, qqqAfter = 0] = await lengths();
    expect(vooAfter).toBeGreaterThan(vooBefore ?? 0);
    expect(qqqAfter).toBeGreaterThan((qqqBefore ?? 0) + 1);
  });

  it('answers the retry of a request recorded before its answer was lost: recorded once, with each part', async () => {
    const bob = await trackingClient(app, { plan: 'PRO' });
    const ids = [
      ((await bob.create('VOO', '5000')).body as { trackingId: string }).trackingId,
      ((await bob.create('QQQ', '5000')).body as { trackingId: string }).trackingId,
    ];
    const lengthsOf = () =>
      Promise.all(ids.map(async (id) => (await app.testEventStore.readStream(trackingStreamId(id))).length));
    const portfolio = portfolioOf(await bob.call('GET', '/api/portfolio'));
    const before = await lengthsOf();
    const key = randomUUID();
    failAfterNextAppend = true;
    expect((await recordAll(portfolio, key, bob)).status).toBe(500);
    const stored = await lengthsOf();
    expect(stored.every((length, index) => length > (before[index] ?? 0))).toBe(true);

    const retry = await recordAll(portfolio, key, bob);
    expect(retry.status).toBe(200);
    const { recorded } = retry.body as { recorded: { trackingId: string; orders: number }[] };
    expect(recorded).toEqual(
      ids.map((trackingId, index) => ({ trackingId, orders: (stored[index] ?? 0) - (before[index] ?? 0) })),
    );
    expect(await lengthsOf()).toEqual(stored);
  });
});
