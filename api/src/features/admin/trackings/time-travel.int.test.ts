import { replayTracking, trackingStateAt } from '@etf-replicator/projections/trackings/replay-tracking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../accounts/testing/account-test-helpers';
import { signAdminToken } from '../../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../../testing/test-app';
import { seedMarketForTrackings, trackingClient } from '../../trackings/testing/tracking-test-client';
import { settle } from '../testing/settle';

type Replay = {
  trackingId: string;
  symbol: string;
  ownerEmail: string | null;
  until: string | null;
  events: { position: string; eventType: string; data: { symbol?: string; shares?: string } }[];
  state: {
    eventType: string;
    positions: Record<string, string>;
    cash: string;
    targetAmount: string;
    view: { adjustmentOrders: unknown[]; replicationRate: string; prices: Record<string, string> };
  } | null;
};

describe.each(await testStores())('Tracking time travel on %s', (store) => {
  let app: TestApp;
  let admin: string;
  let owner: { email: string; userId: string };
  let trackingId: string;
  let bought: { symbol: string; shares: string }[];

  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
  const replay = async (query = ''): Promise<Replay> => {
    const response = await get(`/api/admin/trackings/${trackingId}/replay${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    app = await createTestApp({ store });
    admin = signAdminToken(app, 'admin-root', 'root@example.com');
    await seedMarketForTrackings(app);
    owner = await signedInUser(app);
    const client = await trackingClient(app, { userId: owner.userId, plan: 'PRO' });
    trackingId = ((await client.create('QQQ', '20000')).body as { trackingId: string }).trackingId;
    await settle(app);
    const orders = (await client.detail(trackingId)).adjustmentOrders.slice(0, 2);
    bought = orders.map(({ symbol, shares }) => ({ symbol, shares }));
    for (const order of orders) {
      expect((await client.execute(trackingId, order)).status).toBe(200);
      await settle(app);
    }
  }, 180_000);
  afterAll(() => app?.dispose());

  it('lists every event of the tracking and, by default, its state now — as the read model shows it', async () => {
    const now = await replay();
    expect(now).toMatchObject({ trackingId, symbol: 'QQQ', ownerEmail: owner.email, until: null });
    expect(now.events.map((e) => e.eventType)).toEqual(['TrackingCreated', 'OrderExecuted', 'OrderExecuted']);
    expect(now.state?.positions).toEqual(
      Object.fromEntries(bought.map(({ symbol, shares }) => [symbol, String(Number(shares))])),
    );
    const detail = (
      await app.inject({
        method: 'GET',
        url: `/api/trackings/${trackingId}`,
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json();
    expect(now.state?.view.replicationRate).toBe(detail.replicationRate);
    expect(now.state?.view.adjustmentOrders).toEqual(detail.adjustmentOrders);
  });

  it('steps back before an order and shows the old positions, cash and orders', async () => {
    const { events } = await replay();
    const firstOrder = events[1] as Replay['events'][number];
    const afterFirst = await replay(`?until=${firstOrder.position}`);
    expect(afterFirst.until).toBe(firstOrder.position);
    expect(afterFirst.state?.eventType).toBe('OrderExecuted');
    expect(Object.keys(afterFirst.state?.positions ?? {})).toEqual([bought[0]?.symbol]);

    const beforeOrders = await replay(`?until=${events[0]?.position}`);
    expect(beforeOrders.state).toMatchObject({
      eventType: 'TrackingCreated',
      positions: {},
      cash: '20000.00',
    });
    expect(beforeOrders.state?.view.adjustmentOrders.length).toBeGreaterThan(0);
    expect(Object.keys(beforeOrders.state?.view.prices ?? {}).length).toBeGreaterThan(0);
    expect(beforeOrders.events).toHaveLength(3);
  });

  it('answers exactly what the tracking:replay function computes from the log', async () => {
    const { events } = await replay();
    // The drift check hands over the streams it already read; the answer must not change.
    const streams = {
      trackingEvents: await app.testEventStore.readStream(`tracking-${trackingId}`),
      etfEvents: await app.testEventStore.readStream('etf-QQQ'),
    };
    for (const event of events) {
      const steps = await replayTracking(app.testEventStore, trackingId, { position: event.position });
      expect((await replay(`?until=${event.position}`)).state).toEqual(
        JSON.parse(JSON.stringify(steps?.at(-1))),
      );
      const until = { position: event.position };
      expect(await trackingStateAt(app.testEventStore, trackingId, until, streams)).toEqual(steps?.at(-1));
    }
  });

  it('answers 404 for an unknown tracking and 400 naming `until` for a bad position', async () => {
    const unknown = await get('/api/admin/trackings/no-such-tracking/replay');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'There is no tracking with this id.']);
    for (const bad of ['abc', '12', '1:2:3', '-1:2']) {
      const response = await get(`/api/admin/trackings/${trackingId}/replay?until=${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Invalid until/);
    }
  });

  it("finds trackings by the owner's e-mail, the symbol or the id", async () => {
    const search = async (q: string) =>
      ((await get(`/api/admin/trackings?q=${encodeURIComponent(q)}`)).json() as { trackingId: string }[]).map(
        (hit) => hit.trackingId,
      );
    expect(await search(owner.email.slice(0, 10).toUpperCase())).toEqual([trackingId]);
    expect(await search('qqq')).toContain(trackingId);
    expect(await search(trackingId)).toEqual([trackingId]);
    expect(await search('VOO')).not.toContain(trackingId);
    const [hit] = (await get(`/api/admin/trackings?q=${trackingId}`)).json();
    expect(hit).toMatchObject({
      symbol: 'QQQ',
      userId: owner.userId,
      ownerEmail: owner.email,
      deleted: false,
    });
  });
});
