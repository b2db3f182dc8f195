import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerAccount,
  seedMarketForTrackings,
  trackingClient,
} from '../features/trackings/testing/tracking-test-client';
import { listOutboxMail } from '../mail/mail-outbox';
import { importBundledMarketData } from '../market-data/import-bundled';
import { createTestApp, type TestApp, testStores } from '../testing/test-app';
import { checkDriftForSymbol } from './drift-check';
import { sendMissedDriftAlertMails } from './drift-mail-recovery';

/**
 * Issue 20: a crash between DriftAlertRaised and its e-mail must not lose the e-mail. The notification row commits
 * with the event; the start-up sweep mails every recent alert whose e-mail was never stored, once.
 */
describe.each(await testStores())('Missed drift alert e-mails on %s', (store) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
  }, 180_000);
  afterAll(() => app?.dispose());

  it('sends the e-mail of an alert raised without one, and only once', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const email = `recover-${store}-${investor.userId.slice(0, 8)}@example.com`;
    await registerAccount(app, investor.userId, email, ['Rita', 'Recover']);
    const { trackingId } = (await investor.create('IWM', '10000')).body as { trackingId: string };
    expect((await investor.executeSuggested(trackingId)).status).toBe(200);
    await importBundledMarketData({ db: app.testDb, eventStore: app.testEventStore, asOf: '2026-05-05' });
    await app.projectionsCaughtUp();

    // The check without its e-mail step: the process "crashed" right after appending the alert.
    const outcomes = await checkDriftForSymbol(app, 'IWM');
    expect(outcomes.find((row) => row.trackingId === trackingId)?.events).toEqual(['DriftAlertRaised']);
    await app.projectionsCaughtUp();
    expect(await listOutboxMail(app.testDb.pool, email)).toHaveLength(0);

    expect(await sendMissedDriftAlertMails(app)).toBe(1);
    const mails = await listOutboxMail(app.testDb.pool, email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your IWM tracking has drifted']);
    expect(mails[0]?.text).toContain(`/tracking/IWM?id=${trackingId}`);

    expect(await sendMissedDriftAlertMails(app)).toBe(0);
    expect(await listOutboxMail(app.testDb.pool, email)).toHaveLength(1);
  }, 120_000);
});
