import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

/** Issue 20: the per-tracking drift alert setting (POST /api/trackings/{id}/alerts). */
describe.each(await testStores())('The drift alert setting on %s', (store) => {
  let app: TestApp;
  let investor: TrackingClient;
  let trackingId: string;
  const setAlert = (body: object, headers: Record<string, string> = {}) =>
    investor.call('POST', `/api/trackings/${trackingId}/alerts`, body, headers);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    investor = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await investor.create('QQQ', '10000')).body as { trackingId: string }).trackingId;
  }, 180_000);
  afterAll(() => app?.dispose());

  it('is on at 2 points for a new tracking', async () => {
    expect((await investor.detail(trackingId)).driftAlert).toEqual({ enabled: true, thresholdPoints: '2' });
  });

  it('changes with a command, shows in the detail, the history (not revertible) and the audit log', async () => {
    const changed = await setAlert({ enabled: true, thresholdPoints: '3.5' });
    expect(changed.status).toBe(200);
    expect((changed.body as TrackingDetail).driftAlert).toEqual({ enabled: true, thresholdPoints: '3.5' });
    expect((await investor.detail(trackingId)).driftAlert).toEqual({ enabled: true, thresholdPoints: '3.5' });
    const off = await setAlert({ enabled: false, thresholdPoints: 3.5 });
    expect((off.body as TrackingDetail).driftAlert).toEqual({ enabled: false, thresholdPoints: '3.5' });

    const history = (await investor.history(trackingId)).body as {
      content: { actionType: string; details: Record<string, unknown>; revertible: boolean }[];
    };
    expect(history.content.slice(0, 2)).toEqual([
      expect.objectContaining({
        actionType: 'CHANGE_DRIFT_ALERT',
        details: {
          setting: 'driftAlert',
          from: true,
          to: false,
          previousThresholdPoints: '3.5',
          thresholdPoints: '3.5',
        },
        revertible: false,
      }),
      expect.objectContaining({
        actionType: 'CHANGE_DRIFT_ALERT',
        details: {
          setting: 'driftAlert',
          from: true,
          to: true,
          previousThresholdPoints: '2',
          thresholdPoints: '3.5',
        },
        revertible: false,
      }),
    ]);
    const events = await app.testEventStore.readStream(`tracking-${trackingId}`);
    expect(events.filter((event) => event.type === 'DriftAlertSettingsChanged')).toHaveLength(2);
    expect(events.at(-1)?.metadata).toMatchObject({ schemaVersion: 1, actorUserId: investor.userId });
  });

  it('records nothing when the setting is what it already is', async () => {
    const before = (await investor.detail(trackingId)).revision;
    expect((await setAlert({ enabled: false, thresholdPoints: '3.50' })).status).toBe(200);
    expect((await investor.detail(trackingId)).revision).toBe(before);
  });

  it('refuses thresholds out of range, unknown keys, a stale If-Match and someone else', async () => {
    for (const thresholdPoints of ['0', '100.01', '1.234', '-1', 'two']) {
      const refused = await setAlert({ enabled: true, thresholdPoints });
      expect([refused.status, refused.body], thresholdPoints).toEqual([
        400,
        expect.objectContaining({
          message: 'The alert threshold must be between 0.01 and 100 points, with at most 2 decimals',
        }),
      ]);
    }
    expect((await setAlert({ enabled: true, thresholdPoints: '2', extra: 1 })).status).toBe(400);
    expect((await setAlert({ enabled: 'yes', thresholdPoints: '2' })).status).toBe(400);
    const stale = await setAlert({ enabled: true, thresholdPoints: '2' }, { 'if-match': '"r0"' });
    expect([stale.status, stale.body]).toEqual([
      409,
      expect.objectContaining({ message: trackingMessages.changedElsewhere }),
    ]);
    const stranger = await trackingClient(app, { plan: 'PRO' });
    const foreign = await stranger.call('POST', `/api/trackings/${trackingId}/alerts`, {
      enabled: true,
      thresholdPoints: '2',
    });
    expect(foreign.status).toBe(404);
  });
});
