import { dec } from '@etf-replicator/core';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { rebuildProjection } from '@etf-replicator/projections';
import { trackingHistoryProjector } from '@etf-replicator/projections/tracking-history/projector';
import { trackingsProjector } from '@etf-replicator/projections/trackings/projector';
import { replayTracking } from '@etf-replicator/projections/trackings/replay-tracking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCommittedTail } from '../../event-store/postgres/committed-tail';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { dumpReadModels } from './testing/dump-read-models';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

const dumpTables = (app: TestApp) => dumpReadModels(app, ['detail', 'summary', 'history']);

describe.each(await testStores())('Trackings journey on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'GROWTH' });
  }, 120_000);
  afterAll(() => app?.dispose());

  it('replicates, tracks, executes, raises, lowers, toggles, reverts, deletes — and a rebuild gives the same read models', async () => {
    const replicated = await ann.replicate('VOO', '10000');
    expect(replicated.status).toBe(200);
    const preview = replicated.body as {
      investments: unknown[];
      replicationRate: string;
      numberOfWeightings: number;
    };
    expect(preview.investments.length).toBeGreaterThan(0);

    const created = await ann.create('VOO', '10000');
    expect(created.status).toBe(200);
    const { trackingId } = created.body as { trackingId: string; symbol: string };
    expect(created.body).toMatchObject({ symbol: 'VOO' });

    let detail = await ann.detail(trackingId);
    expect(detail.currentReplication).toMatchObject({
      targetInvestmentAmount: '10000.00',
      investments: [],
      leftoverAmount: '10000.00',
    });
    expect(detail.replicationRate).toBe('0');
    expect(detail.adjustmentOrders.length).toBe(preview.investments.length);
    expect(detail.adjustmentOrders.every((order) => order.orderType === 'BUY')).toBe(true);
    expect(detail.targetReplicationRate).toBe(preview.replicationRate);

    for (const order of detail.adjustmentOrders) {
      const executed = await ann.execute(trackingId, order);
      expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    }
    detail = await ann.detail(trackingId);
    expect(detail.adjustmentOrders).toEqual([]);
    expect(detail.replicationRate).toBe(detail.targetReplicationRate);
    expect(detail.replicationRate).toBe(preview.replicationRate);

    const raised = await ann.call('POST', '/api/replication/add-investment', {
      trackingId,
      amount: '2,500',
      buyOnly: true,
    });
    expect(raised.status).toBe(200);
    detail = raised.body as TrackingDetail;
    expect(detail.buyOnly).toBe(true);
    expect(detail.currentReplication.targetInvestmentAmount).toBe('12500.00');
    expect(detail.adjustmentOrders.length).toBeGreaterThan(0);
    expect(detail.adjustmentOrders.every((order) => order.orderType === 'BUY')).toBe(true);

    const lowered = await ann.call('POST', '/api/replication/subtract-investment', {
      trackingId,
      amount: 1000,
    });
    expect(lowered.status).toBe(200);
    expect((lowered.body as TrackingDetail).currentReplication.targetInvestmentAmount).toBe('11500.00');
    expect((lowered.body as TrackingDetail).buyOnly).toBe(false);
    const tooMuch = await ann.call('POST', '/api/replication/subtract-investment', {
      trackingId,
      amount: '20000',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toEqual({ message: 'You cannot decrease the target amount more than $11,500.00' });

    const fractional = await ann.call('POST', `/api/trackings/${trackingId}/enableFractional`);
    expect((fractional.body as TrackingDetail).globalFractionalSharesThreshold).toBe(0.01);
    const auto = await ann.call('POST', `/api/trackings/${trackingId}/toggleAutoTrackingTargetAmount`);
    expect((auto.body as TrackingDetail).autoTrackingTargetAmountEnabled).toBe(true);
    await ann.call('POST', `/api/trackings/${trackingId}/toggleAutoTrackingTargetAmount`);
    const weightings = await ann.call(
      'POST',
      `/api/trackings/${trackingId}/changeNumberOfWeightings?numberOfWeightings=10`,
    );
    expect(weightings.status).toBe(200);
    expect((weightings.body as TrackingDetail).effectiveNumberOfWeightings).toBe(10);
    const aboveCap = await ann.call(
      'POST',
      `/api/trackings/${trackingId}/changeNumberOfWeightings?numberOfWeightings=400`,
    );
    expect(aboveCap.status).toBe(403);

    // Revert one order and the lowering: positions, cash and target come back exactly.
    const history = (await ann.history(trackingId)).body as {
      content: HistoryEntry[];
      totalElements: number;
    };
    expect(history.totalElements).toBe(history.content.length);
    const order = history.content.find((entry) => entry.actionType === 'EXECUTE_ORDER') as HistoryEntry;
    const lowering = history.content.find((entry) => entry.actionType === 'LOWER_TARGET') as HistoryEntry;
    const before = await ann.detail(trackingId);
    const heldBefore = before.currentReplication.investments.find(
      (line) => line.symbol === order.details.symbol,
    );
    expect((await ann.revert(trackingId, order.id)).status).toBe(200);
    const afterOrder = await ann.detail(trackingId);
    const heldAfter = afterOrder.currentReplication.investments.find(
      (line) => line.symbol === order.details.symbol,
    );
    expect(
      dec(heldBefore?.numberOfShares ?? '0')
        .sub(dec(heldAfter?.numberOfShares ?? '0'))
        .toFixed(),
    ).toBe(dec(order.details.shares ?? '0').toFixed());
    expect(
      dec(afterOrder.currentReplication.leftoverAmount)
        .sub(dec(before.currentReplication.leftoverAmount))
        .toFixed(2),
    ).toBe(dec(order.details.amount ?? '0').toFixed(2));
    expect((await ann.revert(trackingId, lowering.id)).status).toBe(200);
    expect((await ann.detail(trackingId)).currentReplication.targetInvestmentAmount).toBe('12500.00');
    const again = await ann.revert(trackingId, order.id);
    expect(again.status).toBe(409);

    const reverted = ((await ann.history(trackingId)).body as { content: HistoryEntry[] }).content;
    expect(reverted.find((entry) => entry.id === order.id)).toMatchObject({
      reverted: true,
      revertible: false,
    });
    expect(reverted.find((entry) => entry.id === lowering.id)?.reverted).toBe(true);
    expect(reverted.filter((entry) => entry.actionType === 'REVERT')).toHaveLength(2);

    const replayed = await replayTracking(app.testEventStore, trackingId);
    // heldBackBuys and pausedOrders are added when served (the investor's wash-sale windows on the day read, the
    // price alerts of the ETF's last two snapshots), not derived from the tracking's events.
    const {
      updatedAt: _updatedAt,
      revision: _revision,
      heldBackBuys,
      pausedOrders,
      ...liveView
    } = await ann.detail(trackingId);
    expect(heldBackBuys).toEqual([]);
    expect(pausedOrders).toEqual([]);
    expect(replayed?.at(-1)?.view).toEqual(liveView);

    const live = await dumpTables(app);
    for (const projector of [trackingsProjector, trackingHistoryProjector]) {
      await rebuildProjection({
        db: app.testDb,
        eventStore: app.testEventStore,
        projector,
        readCommittedTail,
      });
    }
    expect(await dumpTables(app)).toEqual(live);

    const summary = await ann.call('GET', '/api/trackings/trackings-summary');
    expect(summary.body).toEqual([
      expect.objectContaining({ trackingId, symbol: 'VOO', amountInvested: '12500.00' }),
    ]);
    // Issue 15: the list names the ETF and dates the tracking (two trackings of one ETF must be told apart).
    const [row] = summary.body as { etfName: string | null; createdAt: string; pricesAsOf?: unknown }[];
    expect(row?.etfName).toMatch(/Vanguard/);
    expect(Date.parse(row?.createdAt ?? '')).toBeGreaterThan(Date.now() - 10 * 60_000);
    // Issue 32: the list dates its money by the same closes as the detail (one "prices as of").
    detail = await ann.detail(trackingId);
    expect(row?.pricesAsOf).toEqual({
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      to: expect.any(String),
    });
    expect(row?.pricesAsOf).toEqual(detail.pricesAsOf);
    expect((await ann.call('DELETE', `/api/trackings/${trackingId}`)).status).toBe(204);
    expect((await ann.call('GET', '/api/trackings/trackings-summary')).body).toEqual([]);
    expect((await ann.call('GET', `/api/trackings/${trackingId}`)).status).toBe(404);
  });

  it('enforces the plan limit strictly, even for concurrent creations', async () => {
    const free = await trackingClient(app);
    const attempts = await Promise.all([
      free.create('QQQ', 1000),
      free.create('QQQ', 2000),
      free.create('IVV', 500),
    ]);
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 403, 403]);
    expect(attempts.find((a) => a.status === 403)?.body).toEqual({
      message: 'Purchase a premium plan to unlock more trackings or upgrade your current plan',
    });
    expect((await free.call('GET', '/api/trackings/check-trackings-number')).body).toBe(false);
    const { trackingId } = (attempts.find((a) => a.status === 200)?.body ?? {}) as { trackingId: string };
    expect((await free.call('DELETE', `/api/trackings/${trackingId}`)).status).toBe(204);
    expect((await free.call('GET', '/api/trackings/check-trackings-number')).body).toBe(true);
  });

  it('keeps every accepted order of 100 concurrent ones exactly once, positions equal to the log', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const { trackingId } = (await investor.create('QQQ', '50000')).body as { trackingId: string };
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        investor.execute(trackingId, { symbol: 'AAPL', shares: '1', orderType: 'BUY' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const accepted = statuses.filter((status) => status === 200).length;
    expect(accepted).toBeGreaterThan(0);
    const events = await app.testEventStore.readStream(`tracking-${trackingId}`);
    expect(events.filter((event) => event.type === 'OrderExecuted')).toHaveLength(accepted);
    const detail = await investor.detail(trackingId);
    expect(detail.currentReplication.investments.find((line) => line.symbol === 'AAPL')?.numberOfShares).toBe(
      String(accepted),
    );
  });

  it('answers a retried order with the same Idempotency-Key once', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const { trackingId } = (await investor.create('QQQ', '5000')).body as { trackingId: string };
    const first = await investor.execute(
      trackingId,
      { symbol: 'MSFT', shares: '1', orderType: 'BUY' },
      'retry-key-1',
    );
    const retry = await investor.execute(
      trackingId,
      { symbol: 'MSFT', shares: '1', orderType: 'BUY' },
      'retry-key-1',
    );
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const events = await app.testEventStore.readStream(`tracking-${trackingId}`);
    expect(events.filter((event) => event.type === 'OrderExecuted')).toHaveLength(1);
  });

  it("hides another user's tracking on every route", async () => {
    const owner = await trackingClient(app, { plan: 'PRO' });
    const other = await trackingClient(app, { plan: 'PRO' });
    const { trackingId } = (await owner.create('IVV', '3000')).body as { trackingId: string };
    const probes: [string, string, object?][] = [
      ['GET', `/api/trackings/${trackingId}`],
      ['POST', `/api/trackings/${trackingId}/enableFractional`],
      ['POST', `/api/trackings/${trackingId}/toggleAutoTrackingTargetAmount`],
      ['POST', `/api/trackings/${trackingId}/changeNumberOfWeightings?numberOfWeightings=3`],
      [
        'POST',
        `/api/trackings/${trackingId}/applyAdjustmentOrders`,
        { symbol: 'AAPL', shares: '1', orderType: 'BUY' },
      ],
      ['POST', '/api/replication/add-investment', { trackingId, amount: '10' }],
      ['POST', '/api/replication/subtract-investment', { trackingId, amount: '10' }],
      ['GET', `/api/history/${trackingId}`],
      ['POST', `/api/history/${trackingId}/revert`, { actionId: 'x' }],
    ];
    for (const [method, url, payload] of probes) {
      const response = await other.call(method as 'GET' | 'POST', url, payload);
      expect([method, url, response.status]).toEqual([method, url, 404]);
    }
    const deletion = await other.call('DELETE', `/api/trackings/${trackingId}`);
    expect(deletion.status).toBe(403);
    expect(deletion.body).toEqual({ message: 'You are not authorized to delete this tracking.' });
    expect((await owner.detail(trackingId)).trackingId).toBe(trackingId);
  });

  it('rejects bad input with 4xx and the spec messages, never 500', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const { trackingId } = (await investor.create('IVV', '3000')).body as { trackingId: string };
    const cases: [string, string, object | undefined, number, string?][] = [
      [
        'GET',
        '/api/replication/replicate?etfSymbol=VOO&investmentAmount=0',
        undefined,
        400,
        'Please enter a valid investment amount',
      ],
      ['GET', '/api/replication/replicate?etfSymbol=NOPE&investmentAmount=100', undefined, 404],
      ['GET', '/api/replication/replicate?etfSymbol=LEAD&investmentAmount=100', undefined, 422],
      [
        'POST',
        '/api/trackings',
        { symbol: 'VOO', currentReplication: { targetInvestmentAmount: '1.234', investments: [] } },
        400,
      ],
      [
        'POST',
        '/api/replication/add-investment',
        { trackingId, amount: 0 },
        400,
        'Please enter a valid investment amount greater than zero.',
      ],
      [
        'POST',
        `/api/trackings/${trackingId}/applyAdjustmentOrders`,
        { symbol: 'AAPL', shares: '0', orderType: 'BUY' },
        400,
        'Please enter a valid shares amount greater than zero',
      ],
      [
        'POST',
        `/api/trackings/${trackingId}/applyAdjustmentOrders`,
        { symbol: 'AAPL', shares: '1.5', orderType: 'BUY' },
        400,
        'First enable fractional shares to edit this field with a fractional value',
      ],
      [
        'POST',
        `/api/trackings/${trackingId}/applyAdjustmentOrders`,
        { symbol: 'AAPL', shares: '3', orderType: 'SELL' },
        400,
        'You cannot sell more than 0 shares',
      ],
      [
        'POST',
        `/api/trackings/${trackingId}/applyAdjustmentOrders`,
        { symbol: 'AAPL', shares: '1', orderType: 'HOLD' },
        400,
      ],
      [
        'POST',
        `/api/trackings/${trackingId}/changeNumberOfWeightings?numberOfWeightings=abc`,
        undefined,
        400,
      ],
      ['GET', `/api/history/${trackingId}?size=7`, undefined, 400],
      ['POST', `/api/history/${trackingId}/revert`, { actionId: 'no-such-action' }, 404],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const response = await investor.call(method as 'GET' | 'POST', url, payload);
      expect([url, response.status]).toEqual([url, status]);
      if (message) expect((response.body as { message: string }).message).toBe(message);
    }
  });
});
