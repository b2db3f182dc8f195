import { randomUUID } from 'node:crypto';
import { trackingQuotaStreamId, trackingStreamId } from '@etf-replicator/core';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutOffAt, eventually } from '../../testing/cut-off';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { reconcileSlots } from '../../trackings/reconcile-slots';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

const body = (symbol: string, amount: string) => ({
  symbol,
  currentReplication: { targetInvestmentAmount: amount, investments: [], leftoverAmount: amount },
});

describe.each(await testStores())('Nothing stuck after a crash, on %s', (store) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
  }, 120_000);
  afterAll(() => app?.dispose());

  const types = async (streamId: string) =>
    (await app.testEventStore.readStream(streamId)).map((event) => event.type);
  const quota = (client: TrackingClient) => types(trackingQuotaStreamId(client.userId));
  /** As if IDEMPOTENCY_IN_FLIGHT_SECONDS had passed since the cut-off request claimed the key. */
  const outlive = (key: string) =>
    app.testDb.pool.query(
      sql.unsafe`update idempotency_keys set claimed_at = claimed_at - interval '1 hour' where key = ${key}`,
    );
  const mayCreate = async (client: TrackingClient) =>
    (await client.call('GET', '/api/trackings/check-trackings-number')).body;
  const createWithKey = (client: TrackingClient, key: string) =>
    client.call('POST', '/api/trackings', body('VOO', '1000'), { 'idempotency-key': key });
  const ownStream = (client: TrackingClient) => (streamId: string, events: readonly { data: unknown }[]) =>
    streamId.startsWith('tracking-') &&
    (events[0]?.data as { userId?: string } | undefined)?.userId === client.userId;

  it('completes a creation cut between its reservation and the tracking once its key is retried, exactly once', async () => {
    const ann = await trackingClient(app);
    const key = randomUUID();
    cutOffAt(app.testEventStore, ownStream(ann));
    void createWithKey(ann, key);
    await eventually(async () => expect(await quota(ann)).toEqual(['TrackingSlotReserved']));

    const early = await createWithKey(ann, key);
    expect(early.status).toBe(409);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);

    await outlive(key);
    const retried = await createWithKey(ann, key);
    expect(retried.status).toBe(200);
    const { trackingId } = retried.body as { trackingId: string };
    expect(await types(trackingStreamId(trackingId))).toEqual(['TrackingCreated']);
    expect(await quota(ann)).toEqual(['TrackingSlotReserved']);
    expect(await mayCreate(ann)).toBe(false);

    const replayed = await createWithKey(ann, key);
    expect(replayed.body).toEqual(retried.body);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
  });

  it('runs a request cut off before it appended anything again once the bound has passed', async () => {
    const bea = await trackingClient(app);
    const key = randomUUID();
    cutOffAt(app.testEventStore, (streamId) => streamId === trackingQuotaStreamId(bea.userId));
    void createWithKey(bea, key);
    await eventually(async () =>
      expect(
        (await app.testDb.pool.oneFirst(
          sql.unsafe`select count(*)::int from idempotency_keys where key = ${key}`,
        )) as number,
      ).toBe(1),
    );
    await outlive(key);
    const retried = await createWithKey(bea, key);
    expect(retried.status).toBe(200);
    expect(await quota(bea)).toEqual(['TrackingSlotReserved']);
  });

  it('answers the one outcome of an order appended just before the crash', async () => {
    const cid = await trackingClient(app, { plan: 'GROWTH' });
    const { trackingId } = (await cid.create('VOO', '10000')).body as { trackingId: string };
    const key = randomUUID();
    const order = { symbol: 'AAPL', shares: '2', orderType: 'BUY' as const };
    cutOffAt(app.testEventStore, (streamId) => streamId === trackingStreamId(trackingId), {
      afterCommit: true,
    });
    void cid.execute(trackingId, order, key);
    await eventually(async () =>
      expect(await types(trackingStreamId(trackingId))).toContain('OrderExecuted'),
    );

    await outlive(key);
    const retried = await cid.execute(trackingId, order, key);
    expect(retried.status).toBe(200);
    expect(await types(trackingStreamId(trackingId))).toEqual(['TrackingCreated', 'OrderExecuted']);
    const aapl = (await cid.detail(trackingId)).currentReplication.investments.find(
      (i) => i.symbol === 'AAPL',
    );
    expect(aapl?.numberOfShares).toBe('2');
  });

  it('finishes a delete cut between TrackingDeleted and the release: on retry with its key, without one, or by the reconciler', async () => {
    for (const finish of ['retry with key', 'retry without key', 'reconciler'] as const) {
      const dee = await trackingClient(app);
      const { trackingId } = (await dee.create('VOO', '1000')).body as { trackingId: string };
      const key = randomUUID();
      cutOffAt(
        app.testEventStore,
        (streamId, events) =>
          streamId === trackingQuotaStreamId(dee.userId) && events[0]?.type === 'TrackingSlotReleased',
      );
      void dee.call('DELETE', `/api/trackings/${trackingId}`, undefined, { 'idempotency-key': key });
      await eventually(async () =>
        expect(await types(trackingStreamId(trackingId))).toContain('TrackingDeleted'),
      );
      expect(await mayCreate(dee)).toBe(false);

      if (finish === 'reconciler') {
        expect((await reconcileSlots(app, { ttlMs: 3_600_000 })).released).toBeGreaterThanOrEqual(1);
      } else {
        if (finish === 'retry with key') await outlive(key);
        const headers: Record<string, string> = finish === 'retry with key' ? { 'idempotency-key': key } : {};
        expect((await dee.call('DELETE', `/api/trackings/${trackingId}`, undefined, headers)).status).toBe(
          204,
        );
      }
      expect(await quota(dee)).toEqual(['TrackingSlotReserved', 'TrackingSlotReleased']);
      expect(await mayCreate(dee)).toBe(true);
    }
  });

  it('expires a reservation whose creation never came back, once (two reconcilers at once), and at start-up', async () => {
    const eve = await trackingClient(app);
    cutOffAt(app.testEventStore, ownStream(eve));
    void eve.create('VOO', '1000');
    await eventually(async () => expect(await quota(eve)).toEqual(['TrackingSlotReserved']));
    expect(await mayCreate(eve)).toBe(false);

    expect((await reconcileSlots(app, { ttlMs: 60_000 })).released).toBe(0);
    const later = new Date(Date.now() + 61_000);
    await Promise.all([
      reconcileSlots(app, { ttlMs: 60_000, now: later }),
      reconcileSlots(app, { ttlMs: 60_000, now: later }),
    ]);
    expect(await quota(eve)).toEqual(['TrackingSlotReserved', 'TrackingSlotReleased']);
    const [released] = (await app.testEventStore.readStream(trackingQuotaStreamId(eve.userId))).slice(-1);
    expect(released?.data).toMatchObject({ reason: 'expired' });
    expect(await mayCreate(eve)).toBe(true);

    // A second instance starting over the same database reconciles what the first one's crash left.
    const fay = await trackingClient(app);
    cutOffAt(app.testEventStore, ownStream(fay));
    void fay.create('VOO', '1000');
    await eventually(async () => expect(await quota(fay)).toEqual(['TrackingSlotReserved']));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const restarted = await createTestApp({ sameDatabaseAs: app, env: { TRACKING_SLOT_TTL_SECONDS: '1' } });
    try {
      await eventually(async () =>
        expect(await quota(fay)).toEqual(['TrackingSlotReserved', 'TrackingSlotReleased']),
      );
    } finally {
      await restarted.dispose();
    }
  });
});
