import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { seedMarketForTrackings, trackingClient } from '../features/trackings/testing/tracking-test-client';
import { assembleInfrastructure } from '../infrastructure/infrastructure';
import { importMarketDataAtStart } from '../market-data/import-at-start';
import { importBundledMarketData } from '../market-data/import-bundled';
import { createTestApp, type TestApp, testStores } from '../testing/test-app';
import { checkDriftAfterSnapshots } from './drift-after-snapshots';
import { checkDriftOutsideServer } from './drift-check-outside-server';

/**
 * Issue 20: the drift check runs after every way a snapshot is published, not only the admin import: the CLIs
 * (`market:import`, `market:refresh`) through checkDriftOutsideServer, the start-up import through the server.
 */
describe.each(await testStores())('Drift check outside the admin import on %s', (store) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
  }, 180_000);
  afterAll(() => app?.dispose());

  const investedIwm = async (on: TestApp = app) => {
    const investor = await trackingClient(on, { plan: 'PRO' });
    const { trackingId } = (await investor.create('IWM', '10000')).body as { trackingId: string };
    expect((await investor.executeSuggested(trackingId)).status).toBe(200);
    return trackingId;
  };
  const alerts = async (trackingId: string, on: TestApp = app) =>
    (await on.testEventStore.readStream(`tracking-${trackingId}`)).filter(
      (e) => e.type === 'DriftAlertRaised',
    ).length;

  it('the CLI path (an app assembled over the CLI infrastructure) raises the alert once', async () => {
    const trackingId = await investedIwm();
    const summary = await importBundledMarketData({
      db: app.testDb,
      eventStore: app.testEventStore,
      asOf: '2026-05-05',
    });
    const infrastructure = assembleInfrastructure({
      db: app.testDb,
      eventStore: app.testEventStore,
      projectors: [],
      closeDb: false,
    });
    await app.projectionsCaughtUp();
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' });
    expect(await checkDriftOutsideServer(config, infrastructure, summary.snapshots)).toBe(1);
    expect(await alerts(trackingId)).toBe(1);
    expect(await checkDriftOutsideServer(config, infrastructure, summary.snapshots)).toBe(0);
  }, 120_000);

  it('the start-up import hands the snapshots it published to the check (the server runs it once ready)', async () => {
    // A database that only ever had the dated (2026-05-05) snapshots: the start-up import publishes the undated
    // bundle (it skips only content already published, so a restart never brings old prices back over newer ones).
    const fresh = await createTestApp({ store });
    try {
      await importBundledMarketData({
        db: fresh.testDb,
        eventStore: fresh.testEventStore,
        asOf: '2026-05-05',
      });
      await fresh.projectionsCaughtUp();
      const trackingId = await investedIwm(fresh);
      const atStart = await importMarketDataAtStart(
        { db: fresh.testDb, eventStore: fresh.testEventStore },
        { info: () => undefined, error: () => undefined },
      );
      expect(atStart.find((row) => row.symbol === 'IWM')?.outcome).toBe('appended');
      await fresh.projectionsCaughtUp();
      expect(await checkDriftAfterSnapshots(fresh, atStart)).toBeGreaterThanOrEqual(1);
      expect(await alerts(trackingId, fresh)).toBe(1);
    } finally {
      await fresh.dispose();
    }
  }, 120_000);
});
