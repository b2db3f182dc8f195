import {
  corporateActionListSchema,
  corporateActionRecordResponseSchema,
} from '@etf-replicator/core/contracts/corporate-actions';
import { historyPageSchema } from '@etf-replicator/core/contracts/history';
import type { LotsResponse } from '@etf-replicator/core/contracts/taxes';
import { nyTradeDate } from '@etf-replicator/core/tax/trade-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAdminToken } from '../../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../../testing/test-app';
import { seedMarketForTrackings, trackingClient } from '../../trackings/testing/tracking-test-client';

describe.each(await testStores())('Corporate actions (admin) on %s', (store) => {
  let app: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    adminToken = signAdminToken(app, 'ca-admin');
  }, 180_000);
  afterAll(() => app?.dispose());

  const asAdmin = (method: 'GET' | 'POST', payload?: object) =>
    app.inject({
      method,
      url: '/api/admin/corporate-actions',
      headers: { authorization: `Bearer ${adminToken}` },
      ...(payload ? { payload } : {}),
    });

  it('is for admins only: 401 signed out, 403 for an investor', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/corporate-actions' })).statusCode).toBe(401);
    const investor = await trackingClient(app);
    expect((await investor.call('GET', '/api/admin/corporate-actions')).status).toBe(403);
    const post = await investor.call('POST', '/api/admin/corporate-actions', {
      type: 'SPLIT',
      symbol: 'NFLX',
      ratio: '10',
      effectiveOn: '2025-11-17',
    });
    expect(post.status).toBe(403);
  });

  it('lists the bundled NFLX 10-for-1 split recorded with the bundled market data', async () => {
    const list = corporateActionListSchema.parse((await asAdmin('GET')).json());
    expect(list.actions).toContainEqual(
      expect.objectContaining({
        type: 'SPLIT',
        symbol: 'NFLX',
        ratio: '10',
        effectiveOn: '2025-11-17',
        source: 'BUNDLED',
      }),
    );
  });

  it('answers 400 to bad input, naming the rule', async () => {
    const base = { type: 'SPLIT', symbol: 'AAPL', ratio: '4', effectiveOn: '2026-01-05' };
    const bad = [
      { ...base, ratio: '0' },
      { ...base, ratio: '-4' },
      { ...base, type: 'MERGER' },
      { ...base, type: 'SPINOFF', toSymbol: 'NEWCO', ratio: '0.5' },
      { ...base, type: 'SPINOFF', toSymbol: 'NEWCO', ratio: '0.5', basisFraction: '1' },
      { ...base, type: 'RENAME', ratio: '1' },
      { ...base, effectiveOn: '2026-02-30' },
      { ...base, extra: true },
    ];
    for (const payload of bad) {
      const response = await asAdmin('POST', payload);
      expect([response.statusCode, typeof response.json().message]).toEqual([400, 'string']);
    }
    const spinoff = await asAdmin('POST', { ...base, type: 'SPINOFF', toSymbol: 'NEWCO', ratio: '0.5' });
    expect(spinoff.json().message).toMatch(/Form 8937/);
  });

  it('applies a split to the trackings holding the stock, once, and the revert restores the lots exactly', async () => {
    const holder = await trackingClient(app, { plan: 'PRO' });
    const other = await trackingClient(app, { plan: 'PRO' });
    const { trackingId } = (await holder.create('IVV', '10000')).body as { trackingId: string };
    const { trackingId: otherId } = (await other.create('IVV', '10000')).body as { trackingId: string };
    expect((await holder.execute(trackingId, { symbol: 'NFLX', shares: '3', orderType: 'BUY' })).status).toBe(
      200,
    );
    expect((await other.execute(otherId, { symbol: 'NVDA', shares: '2', orderType: 'BUY' })).status).toBe(
      200,
    );
    const lots = async () =>
      (await holder.call('GET', `/api/trackings/${trackingId}/lots`)).body as LotsResponse;
    const nflx = async () => (await lots()).holdings.find((line) => line.symbol === 'NFLX');
    const before = await nflx();
    expect(before?.shares).toBe('3');

    // A 2-for-1 split effective tomorrow (its ex-date): the lot bought today is covered.
    const split = {
      type: 'SPLIT',
      symbol: 'NFLX',
      ratio: '2',
      effectiveOn: nyTradeDate(new Date(Date.now() + 86_400_000).toISOString()),
    };
    const recorded = await asAdmin('POST', split);
    expect(recorded.statusCode).toBe(201);
    expect(corporateActionRecordResponseSchema.parse(recorded.json())).toMatchObject({
      outcome: 'appended',
      appliedTo: 1,
      action: { source: 'ADMIN', symbol: 'NFLX', ratio: '2' },
    });
    const after = await nflx();
    // 3 shares at p become 6 at p ÷ 2; the basis (3 × p) is the same.
    expect(after?.shares).toBe('6');
    expect(after?.costBasis).toBe(before?.costBasis);
    expect(after?.lots.map((lot) => lot.acquiredAt)).toEqual(before?.lots.map((lot) => lot.acquiredAt));
    expect(
      (await holder.detail(trackingId)).currentReplication.investments.find((i) => i.symbol === 'NFLX'),
    ).toBeDefined();

    const again = await asAdmin('POST', split);
    expect([again.statusCode, again.json().outcome, again.json().appliedTo]).toEqual([200, 'unchanged', 0]);

    const history = historyPageSchema.parse((await holder.history(trackingId)).body);
    const entry = history.content.find((line) => line.actionType === 'CORPORATE_ACTION');
    expect(entry?.details.corporateAction).toMatchObject({
      type: 'SPLIT',
      sharesBefore: '3',
      sharesAfter: '6',
    });
    expect(entry?.revertible).toBe(true);
    expect((await holder.revert(trackingId, entry?.id ?? '')).status).toBe(200);
    expect(await nflx()).toEqual(before);
  });

  it('flags a held stock moving > 50 % with no action (DD), not the split NFLX, until an admin confirms the move', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const { trackingId } = (await investor.create('IVV', '10000')).body as { trackingId: string };
    for (const symbol of ['NFLX', 'DD'])
      expect((await investor.execute(trackingId, { symbol, shares: '1', orderType: 'BUY' })).status).toBe(
        200,
      );
    const alerts = async () =>
      (
        (await investor.call('GET', `/api/trackings/${trackingId}/price-alerts`)).body as {
          priceAlerts: { symbol: string; changePercent: string; snapshotDate: string }[];
        }
      ).priceAlerts;
    expect(await alerts()).toEqual([]);

    const imported = await app.inject({
      method: 'POST',
      url: '/api/admin/market/import',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { asOf: '2025-11-18' },
    });
    expect(imported.statusCode).toBe(200);
    // DD: 81.47 (Oct 30) → 38.70 (Nov 18) = −52.50 %, no action recorded. NFLX: 1,089 → 114.09 is the bundled split.
    const flagged = await alerts();
    expect(flagged.map((alert) => [alert.symbol, alert.changePercent])).toEqual([['DD', '-52.50']]);

    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/corporate-actions/confirm-price',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { symbol: 'DD' },
    });
    expect(bad.statusCode).toBe(400);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/admin/corporate-actions/confirm-price',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { symbol: 'DD', snapshotDate: flagged[0]?.snapshotDate },
    });
    expect(confirmed.statusCode).toBe(201);
    expect(await alerts()).toEqual([]);
  }, 120_000); // publishing a day of closes recomputes every tracking: slow on a loaded machine
});
