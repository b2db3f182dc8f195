import { randomUUID } from 'node:crypto';
import type { ImportPreview } from '@etf-replicator/core/contracts/broker-import';
import type { ExclusionsPreview } from '@etf-replicator/core/contracts/exclusions';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  registerAccount,
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../../features/trackings/testing/tracking-test-client';
import { listOutboxMail } from '../../mail/mail-outbox';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { type MailedView, sendDriftAlertMail } from '../../trackings/drift-mail';

/*
 * Issue 32 item 2: the paused-orders rule of the tracking's page holds wherever orders are listed — the drift
 * e-mail, the exclusions preview and the import preview. DD: $81.47 (Oct 30, 2025) → $38.70 (Nov 18, 2025) =
 * −52.50 %, DuPont's spin-off of Qnity, which nobody recorded: no order for DD, the reason given instead.
 */
const DD_REASON =
  'DD moved −52.50 % between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded split or other corporate action: its orders are paused until an admin records or confirms it';

describe.each(await testStores())('Paused orders outside the tracking page on %s', (store) => {
  let app: TestApp;
  let investor: TrackingClient;
  let email: string;
  let trackingId: string;
  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    investor = await trackingClient(app, { plan: 'PRO' });
    email = `paused-${store}-${investor.userId.slice(0, 8)}@example.com`;
    await registerAccount(app, investor.userId, email, ['Pat', 'Paused']);
    trackingId = ((await investor.create('IVV', '10000')).body as { trackingId: string }).trackingId;
    // 30 DD is far above DD's share of a $10,000 IVV copy: the orders would sell some of it.
    expect(
      (await investor.execute(trackingId, { symbol: 'DD', shares: '30', orderType: 'BUY' })).status,
    ).toBe(200);
    const admin = signAdminToken(app, 'paused-admin');
    const imported = await app.inject({
      method: 'POST',
      url: '/api/admin/market/import',
      headers: { authorization: `Bearer ${admin}` },
      payload: { asOf: '2025-11-18' },
    });
    expect(imported.statusCode).toBe(200);
    await app.projectionsCaughtUp();
  }, 240_000);
  afterAll(() => app?.dispose());

  it('the exclusions preview pauses DD exactly as the tracking page does', async () => {
    const detail = await investor.detail(trackingId);
    expect(detail.pausedOrders?.[0]).toMatchObject({ symbol: 'DD', orderType: 'SELL', reason: DD_REASON });
    const answer = await investor.call(
      'GET',
      `/api/trackings/${trackingId}/exclusions/preview?symbols=&sectors=`,
    );
    expect(answer.status).toBe(200);
    const preview = answer.body as ExclusionsPreview;
    // The same exclusions as now: the same orders and the same paused ones (no wash-sale window holds any back).
    expect(preview.adjustmentOrders).toEqual(detail.adjustmentOrders);
    expect(preview.pausedOrders).toEqual(detail.pausedOrders);
    expect(preview.adjustmentOrders.some((order) => order.symbol === 'DD')).toBe(false);
  });

  it('the import preview suggests no order for an imported DD and says why', async () => {
    const answer = await investor.call('POST', '/api/trackings/import/preview', {
      symbol: 'IVV',
      targetInvestmentAmount: '10000',
      rows: [{ symbol: 'DD', shares: '30', costBasis: '2444.10', acquired: '2025-10-30' }],
    });
    expect(answer.status).toBe(200);
    const preview = answer.body as ImportPreview;
    expect(preview.orders.some((order) => order.symbol === 'DD')).toBe(false);
    expect(preview.pausedOrders?.[0]).toMatchObject({
      symbol: 'DD',
      orderType: 'SELL',
      flaggedSymbol: 'DD',
      reason: DD_REASON,
    });
  });

  it('the drift e-mail lists no DD order and gives the reason', async () => {
    const { view } = await app.testDb.pool.one(
      sql.type(
        z.object({ view: z.unknown() }),
      )`select view from tracking_detail where tracking_id = ${trackingId}`,
    );
    const stored = view as MailedView;
    // The stored view still suggests the DD SELL: the rule is applied when the e-mail is written.
    expect(stored.adjustmentOrders.some((order) => order.symbol === 'DD')).toBe(true);
    const sent = await sendDriftAlertMail(
      app,
      {
        alertId: randomUUID(),
        trackingId,
        userId: investor.userId,
        etfSymbol: 'IVV',
        referenceRate: '99.10',
        currentRate: '90.00',
      },
      stored,
    );
    expect(sent).toBe(true);
    const [mail] = await listOutboxMail(app.testDb.pool, email);
    expect(mail?.text).toContain(`${DD_REASON}.`);
    expect(mail?.text).not.toMatch(/(BUY|SELL) [\d.]+ DD\b/);
    expect(mail?.text).toContain('These orders would restore it:');
  });
});
