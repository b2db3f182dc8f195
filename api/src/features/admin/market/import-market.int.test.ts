import { marketImportResponseSchema } from '@etf-replicator/core/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAdminToken } from '../../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../../testing/test-app';
import { seedMarketForTrackings, trackingClient } from '../../trackings/testing/tracking-test-client';

describe.each(await testStores())('POST /api/admin/market/import on %s', (store) => {
  let app: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    adminToken = signAdminToken(app, 'market-admin');
  }, 180_000);
  afterAll(() => app?.dispose());

  const importAsOf = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/market/import',
      headers: { authorization: `Bearer ${adminToken}` },
      payload,
    });

  it('publishes the 2025-11-18 closes, says how many fell back, and answers once trackings show them', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const { trackingId } = (await investor.create('IVV', '10000')).body as { trackingId: string };
    await investor.execute(trackingId, { symbol: 'NVDA', shares: '5', orderType: 'BUY' });
    expect((await investor.detail(trackingId)).prices.NVDA).toBe('202.89');

    const response = await importAsOf({ asOf: '2025-11-18' });
    expect(response.statusCode).toBe(200);
    const body = marketImportResponseSchema.parse(response.json());
    const ivv = body.snapshots.find((row) => row.symbol === 'IVV');
    expect(ivv).toMatchObject({ outcome: 'appended' });
    expect((ivv?.exact ?? 0) + (ivv?.earlier ?? 0) + (ivv?.unpriced ?? 0)).toBe(503);
    expect(body.fellBack).toBe(body.snapshots.reduce((sum, row) => sum + row.earlier, 0));
    expect(body.fellBack).toBeGreaterThan(0);
    // No waiting here: the answer came after the trackings re-derived.
    expect((await investor.detail(trackingId)).prices.NVDA).toBe('181.36');

    const again = marketImportResponseSchema.parse((await importAsOf({ asOf: '2025-11-18' })).json());
    expect(new Set(again.snapshots.map((row) => row.outcome))).toEqual(new Set(['unchanged']));
  }, 120_000); // publishing a day of closes recomputes every tracking: slow on a loaded machine

  it('refuses a date before every bundled close, a non-date and unknown keys', async () => {
    const early = await importAsOf({ asOf: '1999-01-04' });
    expect([early.statusCode, early.json()]).toEqual([
      400,
      { message: 'The bundled data has no closes on or before 1999-01-04' },
    ]);
    expect((await importAsOf({ asOf: '2025-02-30' })).statusCode).toBe(400);
    expect((await importAsOf({ asOf: '18.11.2025' })).statusCode).toBe(400);
    expect((await importAsOf({ asOf: '2025-11-18', force: true })).statusCode).toBe(400);
  });
});
